import { type AroundD1Call, readsOnly, wrapD1 } from "./wrap-d1";

/**
 * D1 answers some calls with transient errors (the connection to the database dropped, the
 * database object was reset or moved). A read is sent again, twice at most, after a short random
 * wait (so a crowd that failed together does not come back together); a write only where a key
 * makes it safe to repeat (`repeatable`), since it may have committed before its answer was lost.
 * The messages are the ones Cloudflare's D1 documentation names as safe to retry.
 */
const TRANSIENT = [
  "Network connection lost",
  "storage caused object to be reset",
  "reset because its code was updated",
  "transient issue on remote node",
];

/** The first try and two more. */
export const D1_ATTEMPTS = 3;

export function isTransientD1Error(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return TRANSIENT.some((words) => message.includes(words));
}

/** 20–60 ms before the second try, 40–120 ms before the third. */
function pause(attempt: number): Promise<void> {
  const ms = (20 + Math.random() * 40) * attempt;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `run`, again after a transient error, up to D1_ATTEMPTS times in all. */
export async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= D1_ATTEMPTS || !isTransientD1Error(error)) throw error;
      await pause(attempt);
    }
  }
}

const retryReads: AroundD1Call = (call, run) => (readsOnly(call) ? withRetries(run) : run());
/** Reads are left to the retrying binding underneath (`c.env.DB`), so no read is tried nine times. */
const retryWrites: AroundD1Call = (call, run) => (readsOnly(call) ? run() : withRetries(run));

/** `db` with its reads retried after transient errors: what the shop's requests use. */
export function retryingReads(db: D1Database): D1Database {
  return wrapD1(db, retryReads);
}

/**
 * The request's binding (already retrying reads) with its writes retried too: only for writes a key
 * makes safe to send twice (a bag token, an order's key).
 */
export function repeatable(db: D1Database): D1Database {
  return wrapD1(db, retryWrites);
}
