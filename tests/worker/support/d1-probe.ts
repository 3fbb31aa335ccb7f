import { type D1Call, wrapD1 } from "../../../worker/platform/database/wrap-d1";

/**
 * D1 and KV as a far-away shopper meets them: every call counted, optionally delayed, optionally
 * failed (before it runs, or after it ran with its answer lost, as D1 sometimes does). Used by the
 * round-trip tests, the failure tests and the bench's distance section.
 *
 * A *round trip* is a call that starts while no other call of the same store is in flight: calls
 * started together (Promise.all, one batch) cost one, a call that waits for another costs its own.
 * D1's are counted apart by where they go (docs/decisions/0100): to the primary (the request's session
 * anchored there, or the binding itself), far from most shoppers, or to a replica near them (a session
 * anchored anywhere or at a bookmark). Without replicas (here) the near ones reach the primary too.
 */
export type Failure = "before" | "after" | null;

export interface ProbeOptions {
  delayMs?: number;
  /** Which calls fail, by their 1-based number and what they are. */
  fail?: (n: number, call: D1Call) => Failure;
}

export interface CallCounter {
  calls: number;
  roundTrips: number;
  /** Of `roundTrips`, those whose calls all went to a replica near the shopper. */
  nearRoundTrips: number;
  /** What each call was, in order. */
  log: D1Call[];
  reset(): void;
}

/** The error D1 gives when the connection to the database drops (a transient one: retried for reads). */
export const LOST = "D1_ERROR: Network connection lost.";

/** A call in a session anchored anywhere or at a bookmark: served by a replica near the shopper. */
function isNear(call: D1Call): boolean {
  return call.session !== undefined && call.session !== "first-primary";
}

function counter(): CallCounter & { start(call: D1Call): () => void } {
  let inFlight = 0;
  let waveNear = false;
  const state = {
    calls: 0,
    roundTrips: 0,
    nearRoundTrips: 0,
    log: [] as D1Call[],
    reset() {
      state.calls = 0;
      state.roundTrips = 0;
      state.nearRoundTrips = 0;
      state.log = [];
    },
    start(call: D1Call) {
      state.calls++;
      state.log.push(call);
      const near = isNear(call);
      if (inFlight === 0) {
        state.roundTrips++;
        if (near) state.nearRoundTrips++;
        waveNear = near;
      } else if (waveNear && !near) {
        // A far call joined a wave of near ones: the wave costs the far distance.
        state.nearRoundTrips--;
        waveNear = false;
      }
      inFlight++;
      return () => {
        inFlight--;
      };
    },
  };
  return state;
}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

export function probeD1(db: D1Database, options: ProbeOptions = {}): CallCounter & { db: D1Database } {
  const count = counter();
  const probed = wrapD1(db, async (call, run) => {
    const done = count.start(call);
    const failure = options.fail?.(count.calls, call) ?? null;
    try {
      await sleep((options.delayMs ?? 0) / 2);
      if (failure === "before") throw new Error(LOST);
      const result = await run();
      await sleep((options.delayMs ?? 0) / 2);
      if (failure === "after") throw new Error(LOST);
      return result;
    } finally {
      done();
    }
  });
  return Object.assign(count, { db: probed });
}

/** KV counted (and delayed) the same way. */
export function probeKV(kv: KVNamespace, delayMs = 0): CallCounter & { kv: KVNamespace } {
  const count = counter();
  const timed =
    (name: string) =>
    async (...args: unknown[]) => {
      const done = count.start({ kind: "first", sql: [name] });
      try {
        await sleep(delayMs);
        return await (kv as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!.apply(kv, args);
      } finally {
        done();
      }
    };
  const probed = {
    get: timed("get"),
    getWithMetadata: timed("getWithMetadata"),
    put: timed("put"),
    delete: timed("delete"),
    list: timed("list"),
  };
  return Object.assign(count, { kv: probed as unknown as KVNamespace });
}
