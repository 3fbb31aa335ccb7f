import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CART_LINES_MAX } from "../../shared/cart-rules";
import { VISITOR_COOKIE } from "../../shared/cookie-names";
import { addLine } from "../../worker/platform/bag/cart-add";
import { type CartOwner, findCartId, listLines } from "../../worker/platform/bag/cart-store";
import { ensureCartId, mergeCarts } from "../../worker/platform/bag/cart-writes";
import { wrapD1 } from "../../worker/platform/database/wrap-d1";
import { appRequest } from "./support/app-request";
import { customer, productSlugs } from "./support/shop-fixtures";

describe("placing an order takes out only what it ordered (issue 13, item 9)", () => {
  it("keeps a line added in another tab while the order was being written", async () => {
    const [ordered, addedMeanwhile] = await productSlugs("in_stock", 2);
    const ip = `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const headers = { origin: "https://shop.example", "cf-connecting-ip": ip };
    const add = await appRequest(
      "https://shop.example/cart/add",
      { method: "POST", headers, body: new URLSearchParams({ slug: ordered!, quantity: "1" }) },
      env,
    );
    expect(add.status).toBe(303);
    const cookie = add.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const signed = cookie.match(new RegExp(`${VISITOR_COOKIE}=([^;]+)`))?.[1] ?? "";
    const visitorId = decodeURIComponent(signed).split(".")[0]!;
    const cartId = await findCartId(env.DB, { kind: "visitor", id: visitorId });
    expect(cartId).toBeTruthy();
    // The other tab's add lands between the checkout reading the bag and writing the order.
    let raced = false;
    const raceFirstBatch = async () => {
      if (raced) return;
      raced = true;
      await addLine(
        env.DB,
        { kind: "visitor", id: visitorId },
        {
          variantSku: "",
          productSlug: addedMeanwhile!,
          quantity: 1,
          price: 1000,
          availability: "in_stock",
        },
      );
    };
    // Just before the batch that writes the order: whatever the request read of the bag, it read before this.
    const db = wrapD1(env.DB, async (call, run) => {
      if (call.sql.some((sql) => sql.includes("INTO orders"))) await raceFirstBatch();
      return run();
    });
    const placed = await appRequest(
      "https://shop.example/cart/order",
      {
        method: "POST",
        headers: { ...headers, cookie },
        body: new URLSearchParams({ ...customer, idempotencyKey: crypto.randomUUID() }),
      },
      { ...env, DB: db },
    );
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toMatch(/^\/cart\/order\//);
    const left = await listLines(env.DB, cartId!);
    expect(left.map((line) => line.productSlug)).toEqual([addedMeanwhile]);
  });
});

describe("merging bags keeps the line cap (issue 13, item 9)", () => {
  it("adds the visitor's lines only while the account's bag has room", async () => {
    const anonymous: CartOwner = { kind: "visitor", id: crypto.randomUUID().replaceAll("-", "") };
    const account: CartOwner = { kind: "user", id: String(100000 + Math.floor(Math.random() * 100000)) };
    await ensureCartId(env.DB, anonymous);
    const userCart = await ensureCartId(env.DB, account);
    for (let i = 0; i < CART_LINES_MAX - 2; i++) {
      await addLine(env.DB, account, {
        variantSku: "",
        productSlug: `mine-${i}`,
        quantity: 1,
        price: 100,
        availability: "in_stock",
      });
    }
    await addLine(env.DB, anonymous, {
      variantSku: "",
      productSlug: "mine-0",
      quantity: 2,
      price: 100,
      availability: "in_stock",
    });
    for (let i = 0; i < 5; i++) {
      await addLine(env.DB, anonymous, {
        variantSku: "",
        productSlug: `theirs-${i}`,
        quantity: 1,
        price: 100,
        availability: "in_stock",
      });
    }
    await mergeCarts(env.DB, anonymous, account);
    const lines = await listLines(env.DB, userCart);
    expect(lines).toHaveLength(CART_LINES_MAX);
    expect(lines.find((line) => line.productSlug === "mine-0")?.quantity).toBe(3);
  });
});
