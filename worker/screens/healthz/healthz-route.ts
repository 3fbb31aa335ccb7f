import { Hono } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { databaseAnswers } from "../../platform/operations/health-read";
import { reads } from "../../platform/routing/route-spec";

/**
 * GET /healthz for an uptime monitor: "ok" (200) when D1 answers a trivial query, else "not ok" (503).
 * Nothing more to strangers (the staff's /staff/health says why), and never kept by any cache.
 */
export const healthz = new Hono<AppEnv>().get("/healthz", reads({ session: "none", personal: true }), async (c) => {
  const ok = await databaseAnswers(c.env.DB);
  c.header("Cache-Control", "no-store, max-age=0");
  c.header("CDN-Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  return c.text(ok ? "ok" : "not ok", ok ? 200 : 503);
});
