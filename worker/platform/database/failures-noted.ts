import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { wrapD1 } from "./wrap-d1";

/**
 * A D1 call that failed (its retries spent) while a shared page renders for keeping is said against
 * the page (its fate's `db-failed`, decision 0101): whatever the screen made of the failure (an error,
 * a part left out), the page lacks what it read, so it is answered as a 503 and never kept in place of
 * a good copy. Here, round every call, so no screen has to remember to say it; a failure outside a
 * render for keeping (an action, a personal page) notes nothing.
 */
export function notingFailures(c: Context<AppEnv>, db: D1Database): D1Database {
  return wrapD1(db, async (_call, run) => {
    try {
      return await run();
    } catch (error) {
      c.get("keeping")?.fate.against.add("db-failed");
      throw error;
    }
  });
}
