import { Hono } from "hono";
import { buildInfo } from "../../frame/document/build-info";
import type { AppEnv } from "../../platform/app-env";
import { reads } from "../../platform/routing/route-spec";

/** GET /builds/latest.json: which build is live, never cached, polled by open tabs (no shopper needed under /builds). */
export const latestBuild = new Hono<AppEnv>()
  .use("*", reads({ session: "none", personal: false }))
  .get("/latest.json", (c) => {
    c.header("Cache-Control", "no-store, max-age=0");
    c.header("CDN-Cache-Control", "no-store");
    return c.json(buildInfo(c.env));
  });
