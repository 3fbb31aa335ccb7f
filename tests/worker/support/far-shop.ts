import { env } from "cloudflare:test";
import { embeddedCms } from "../../../worker/index";
import { sendWith } from "./app-request";
import type { Send } from "./browser-session";
import { type CallCounter, type ProbeOptions, probeD1, probeKV } from "./d1-probe";

/**
 * The shop with its D1 and KV seen through probes (support/d1-probe.ts): what a request costs in
 * round trips, and what it does when D1 fails. The embedded CMS keeps the plain bindings: in
 * production it is a real Strapi with its own database, so its queries are not the shop's D1 round
 * trips (the CMS's own calls are counted apart, in `cms`).
 */
export interface FarShop {
  send: Send;
  d1: CallCounter;
  kv: CallCounter;
  cms: { calls: number };
  reset(): void;
}

export function farShop(options: ProbeOptions & { kvDelayMs?: number } = {}): FarShop {
  const d1 = probeD1(env.DB, options);
  const kv = probeKV(env.CMS_CACHE, options.kvDelayMs ?? 0);
  const cms = { calls: 0 };
  const plain = env;
  const bindings = {
    ...env,
    DB: d1.db,
    CMS_CACHE: kv.kv,
    // The production default (the other tests read the rules on every request, to see a rule at once).
    REDIRECT_CACHE_SECONDS: "60",
    CMS: {
      fetch: async (request: Request) => {
        cms.calls++;
        return embeddedCms.fetch(request, plain);
      },
    },
  } as Env;
  const send = sendWith(bindings);
  return {
    send,
    d1,
    kv,
    cms,
    reset() {
      d1.reset();
      kv.reset();
      cms.calls = 0;
    },
  };
}
