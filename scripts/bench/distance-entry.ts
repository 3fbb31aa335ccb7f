/**
 * The bench's distance section (scripts/bench-distance.mjs): a worker in front of the production
 * bundle that sees the shop's D1 and KV through the probes of the round-trip tests
 * (tests/worker/support/d1-probe.ts), each call delayed as a far database would delay it, and counts
 * what each request cost. Bundled by scripts/bench-distance.mjs with `../../worker/index` pointing at
 * the built bundle (dist/worker/index.js): the shop that runs is the one `npm run build` made.
 *
 * As in tests/worker/support/far-shop.ts, the embedded CMS keeps the plain bindings (in production
 * it is a real Strapi with its own database): its queries are not the shop's round trips, and its
 * fetches are counted apart.
 *
 * A request may carry `x-bench-id` (the key its counts are kept under), `x-bench-d1-ms` and
 * `x-bench-kv-ms` (the delays; 0 without them); the shop never sees these headers. The counts are
 * those of the response's path, taken when the body's last byte has passed through (or when the
 * response has no body); work the request left running in waitUntil is counted apart, until it
 * settles. `GET /__bench/counts?id=…` answers them, and forgets them once everything has settled.
 *
 * With BENCH_VERSION_ID set, the version metadata names that deployment whatever workerd says (Miniflare
 * makes a new id each time it starts workerd): an isolate started again is a fresh isolate of the same
 * deployment, which finds the pages kept in the Cache API under that deployment's keys, as in production.
 */

import { type CallCounter, probeD1, probeKV } from "../../tests/worker/support/d1-probe";
import { app, embeddedCms } from "../../worker/index";

interface Counts {
  d1Calls: number;
  d1RoundTrips: number;
  kvCalls: number;
  kvRoundTrips: number;
  cmsFetches: number;
  /** The D1 calls in order: their kind and statements (the start of each). */
  d1Log: string[];
}

interface Kept {
  /** At the body's end: what the shopper waited for. */
  response: Counts | null;
  d1: CallCounter;
  kv: CallCounter;
  cms: { calls: number };
  /** waitUntil work still running. */
  pending: number;
}

const kept = new Map<string, Kept>();

const countsOf = ({ d1, kv, cms }: Kept): Counts => ({
  d1Calls: d1.calls,
  d1RoundTrips: d1.roundTrips,
  kvCalls: kv.calls,
  kvRoundTrips: kv.roundTrips,
  cmsFetches: cms.calls,
  d1Log: d1.log.map(
    (call) => `${call.kind}: ${call.sql.map((sql) => sql.replace(/\s+/g, " ").slice(0, 90)).join(" | ")}`,
  ),
});

const BENCH_HEADERS = ["x-bench-id", "x-bench-d1-ms", "x-bench-kv-ms"];

function countsAnswer(url: URL): Response {
  const id = url.searchParams.get("id") ?? "";
  const entry = kept.get(id);
  if (!entry) return Response.json({ error: `no request ${id}` }, { status: 404 });
  const settled = entry.response !== null && entry.pending === 0;
  if (settled) kept.delete(id);
  return Response.json({ settled, response: entry.response, total: countsOf(entry) });
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/__bench/counts") return countsAnswer(url);
    const id = request.headers.get("x-bench-id") ?? crypto.randomUUID();
    const d1Ms = Number(request.headers.get("x-bench-d1-ms") ?? 0);
    const kvMs = Number(request.headers.get("x-bench-kv-ms") ?? 0);
    const headers = new Headers(request.headers);
    for (const name of BENCH_HEADERS) headers.delete(name);
    const shopRequest = new Request(request, { headers });

    const version = (env as Env & { BENCH_VERSION_ID?: string }).BENCH_VERSION_ID;
    const d1 = probeD1(env.DB, { delayMs: d1Ms });
    const kv = probeKV(env.CMS_CACHE, kvMs);
    const entry: Kept = { response: null, d1, kv, cms: { calls: 0 }, pending: 0 };
    if (request.headers.has("x-bench-id")) kept.set(id, entry);
    const bindings = {
      ...env,
      DB: d1.db,
      CMS_CACHE: kv.kv,
      ...(version ? { CF_VERSION_METADATA: { ...env.CF_VERSION_METADATA, id: version } } : {}),
      CMS: {
        fetch: async (cmsRequest: Request) => {
          entry.cms.calls++;
          return embeddedCms.fetch(cmsRequest, env);
        },
      },
    } as Env;
    const context = {
      waitUntil(promise: Promise<unknown>) {
        entry.pending++;
        ctx.waitUntil(
          Promise.resolve(promise).finally(() => {
            entry.pending--;
          }),
        );
      },
      passThroughOnException: () => ctx.passThroughOnException(),
      props: ctx.props,
    } as ExecutionContext;

    const res = await app.fetch(shopRequest, bindings, context);
    const finish = () => {
      entry.response = countsOf(entry);
    };
    if (!res.body) {
      finish();
      return res;
    }
    const body = res.body.pipeThrough(new TransformStream({ flush: finish }));
    return new Response(body, res);
  },
} satisfies ExportedHandler<Env>;
