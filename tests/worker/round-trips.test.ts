import { describe, expect, it } from "vitest";
import { register, sessionCookieHeader } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { farShop } from "./support/far-shop";
import { customer, productSlugs } from "./support/shop-fixtures";

describe("round trips to a far database", () => {
  it("measures", async () => {
    const shop = farShop();
    const shopper = new Browser(shop.send);
    const row = async (name: string, run: () => Promise<unknown>) => {
      shop.reset();
      await run();
      console.log(
        name,
        "d1",
        shop.d1.calls,
        shop.d1.roundTrips,
        "kv",
        shop.kv.calls,
        shop.kv.roundTrips,
        "cms",
        shop.cms.calls,
        shop.d1.log.map((c) => c.sql.map((s) => s.slice(0, 50)).join(" | ")).join("\n   "),
      );
    };
    await shopper.get("/catalog/skincare");
    await row("kept page anon", () => shopper.get("/catalog/skincare"));
    const [slug] = await productSlugs("in_stock", 1);
    await row("add", () => shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null }));
    await row("add2", () => shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null }));
    await row("kept page returning", () => shopper.get("/catalog/skincare"));
    await row("bag", () => shopper.get("/cart"));
    await row("checkout", () => shopper.get("/cart/order"));
    let location = "";
    await row("order", async () => {
      const res = await shopper.post(
        "/cart/order",
        { idempotencyKey: crypto.randomUUID(), ...customer },
        { from: null },
      );
      location = res.headers.get("location") ?? "";
    });
    await row("confirmation", () => shopper.get(location));
    const account = await register();
    const signedIn = new Browser(shop.send);
    for (const pair of (await sessionCookieHeader(account)).split("; ")) {
      const [k, v] = pair.split("=");
      signedIn.cookies.set(k!, v!);
    }
    await row("signed-in page", () => signedIn.get("/catalog/skincare"));
    await row("signed-in page 2", () => signedIn.get("/catalog/skincare"));
    expect(location).toMatch(/cart\/order\//);
  });
});
