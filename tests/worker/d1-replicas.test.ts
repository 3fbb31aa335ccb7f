import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DB_BOOKMARK_COOKIE } from "../../shared/cookie-names";
import { embeddedCms } from "../../worker/index";
import { sendWith } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { laggingD1 } from "./support/lagging-replica";
import { productSlugs } from "./support/shop-fixtures";

/**
 * Reads near the shopper (docs/decisions/0100) with a replica that lags: a session anchored anywhere
 * reads a copy of the database made before the test's writes (MIGRATION_DB, migrated and seeded
 * here), and one anchored at a bookmark of the primary reads a replica caught up with it (the primary
 * itself). The shopper's own add is in their next bag page because their bookmark cookie says where
 * their write left D1; without the cookie the same page reads the lagging copy.
 */
const replica = env.MIGRATION_DB;

const bindings = { ...env, DB: laggingD1(env.DB), CMS: { fetch: (r: Request) => embeddedCms.fetch(r, env) } } as Env;

const send = sendWith(bindings);

beforeAll(async () => {
  // The replica as it was before anything of this test: every migration and the seed.
  await replica.batch(env.TEST_DATABASE.map((statement) => replica.prepare(statement)));
});

describe("a replica that lags", () => {
  it("serves a shopper's own add on their next bag page through their bookmark", async () => {
    const shopper = new Browser(send);
    const [slug] = await productSlugs("in_stock", 1);
    const add = await shopper.post("/cart/add", { slug: slug!, quantity: "2" }, { from: null });
    expect(add.status).toBe(303);
    expect(shopper.cookies.get(DB_BOOKMARK_COOKIE)).toBeTruthy();
    expect(await (await shopper.get("/cart")).text()).toContain("Proceed to checkout");

    // The same browser without its bookmark reads the lagging replica, which has not seen the add.
    shopper.cookies.delete(DB_BOOKMARK_COOKIE);
    expect(await (await shopper.get("/cart")).text()).not.toContain("Proceed to checkout");
  });
});
