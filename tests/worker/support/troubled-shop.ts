import { env } from "cloudflare:test";
import { LOCALE_COOKIE } from "../../../shared/cookie-names";
import { embeddedCms } from "../../../worker/index";
import type { D1Call } from "../../../worker/platform/database/wrap-d1";
import { sendWith } from "./app-request";
import type { Send } from "./browser-session";
import { probeD1 } from "./d1-probe";

/**
 * The shop with its CMS and its D1 failing when the test says (decision 0101's tests): a CMS query
 * whose body `cmsFails` picks answers 500, a D1 call `d1Fails` picks throws D1's "connection lost"
 * on every try (its retries too). The embedded CMS keeps the plain D1, as a real Strapi has its own.
 * Each request is read to its end and what it left running (kept pages, background renders) settles
 * before the next is sent.
 */
export interface TroubledShop {
  send: Send;
  /** An anonymous GET in English, read to the end. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  failCms(when: ((query: string) => boolean) | null): void;
  failD1(when: ((call: D1Call) => boolean) | null): void;
  /** The CMS queries asked so far whose body holds `label`. */
  asked(label: string): number;
}

export function troubledShop(): TroubledShop {
  let cmsFails: ((query: string) => boolean) | null = null;
  let d1Fails: ((call: D1Call) => boolean) | null = null;
  const queries: string[] = [];
  const plain = env;
  const d1 = probeD1(env.DB, { fail: (_n, call) => (d1Fails?.(call) ? "before" : null) });
  const bindings = {
    ...env,
    DB: d1.db,
    CMS: {
      async fetch(request: Request): Promise<Response> {
        const body = request.method === "POST" ? await request.clone().text() : "";
        queries.push(body);
        if (cmsFails?.(body)) return new Response("CMS down", { status: 500 });
        return embeddedCms.fetch(request, plain);
      },
    },
  } as Env;
  const send = sendWith(bindings);
  return {
    send,
    get: (path, headers = { Cookie: `${LOCALE_COOKIE}=en` }) => send(path, { headers }),
    failCms(when) {
      cmsFails = when;
    },
    failD1(when) {
      d1Fails = when;
    },
    asked: (label) => queries.filter((body) => body.includes(label)).length,
  };
}
