import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { racingDb } from "./support/racing-db";
import { startOfRateWindow } from "./support/rate-window";
import { customer, productSlugs } from "./support/shop-fixtures";

/**
 * Discount codes end to end (docs/promotions.md): applied from the bag's plain form, refused with a
 * sentence beside the field, limited against guessing, and redeemed in the order's own batch so a code
 * with 100 uses raced by 150 orders gives exactly 100.
 */

interface PromotionSpec {
  name: string;
  gives: object;
  code: string;
  usesMax?: number | null;
  minSubtotal?: number;
  singleUse?: boolean;
  endsAt?: string | null;
  usesPerShopper?: number | null;
}

async function promotion(spec: PromotionSpec): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO promotions (name, applies, gives_json, uses_max, min_subtotal, ends_at, uses_per_shopper)
     VALUES (?1, 'code', ?2, ?3, ?4, ?5, ?6) RETURNING id`,
  )
    .bind(
      spec.name,
      JSON.stringify(spec.gives),
      spec.usesMax ?? null,
      spec.minSubtotal ?? 0,
      spec.endsAt ?? null,
      spec.usesPerShopper ?? null,
    )
    .first<{ id: number }>();
  await env.DB.prepare("INSERT INTO promotion_codes (code, promotion_id, single_use) VALUES (?1, ?2, ?3)")
    .bind(spec.code, row!.id, spec.singleUse ? 1 : 0)
    .run();
  return row!.id;
}

async function shopperWithBag(send?: Browser): Promise<Browser> {
  const [slug] = await productSlugs("in_stock", 1);
  const shopper = send ?? new Browser();
  const res = await shopper.post("/cart/add", { slug: slug!, quantity: "2" }, { from: null });
  expect(res.status).toBe(303);
  return shopper;
}

const text = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

async function bag(shopper: Browser): Promise<string> {
  return text(await (await shopper.get("/cart")).text());
}

function order(shopper: Browser): Promise<Response> {
  return shopper.post("/cart/order", { idempotencyKey: crypto.randomUUID(), ...customer }, { from: null });
}

describe("discount codes", () => {
  beforeEach(async () => {
    await env.DB.batch([
      env.DB.prepare("DELETE FROM order_discounts"),
      env.DB.prepare("DELETE FROM promotion_codes"),
      env.DB.prepare("DELETE FROM promotion_shopper_uses"),
      env.DB.prepare("DELETE FROM promotions"),
    ]);
  });

  it("applies a code typed in any case with spaces, shows the discount line and the total, and the order keeps it", async () => {
    await promotion({ name: "Welcome 10%", gives: { kind: "percent", percent: 10, cap: null }, code: "WELCOME10" });
    const shopper = await shopperWithBag();
    const before = await bag(shopper);
    const applied = await shopper.post("/cart/code", { code: "  welcome10 " }, { from: null });
    expect(applied.status).toBe(303);
    const after = await bag(shopper);
    expect(after).toContain("Code WELCOME10 applied.");
    // The promotion's name and its code each isolated, so an Arabic line cannot jumble them.
    const line = (html: string) => html.replaceAll("<!-- -->", "");
    expect(line(after)).toContain('<bdi>Welcome 10%</bdi> (code <bdi dir="ltr">WELCOME10</bdi>)');
    expect(after).not.toBe(before);
    const placed = await order(shopper);
    const location = placed.headers.get("location")!;
    expect(location).toMatch(/^\/cart\/order\//);
    const confirmation = text(await (await shopper.get(location)).text());
    expect(line(confirmation)).toContain('<bdi>Welcome 10%</bdi> (code <bdi dir="ltr">WELCOME10</bdi>)');
    const row = await env.DB.prepare(
      "SELECT o.discount, o.subtotal, o.total, d.name, d.amount FROM orders o JOIN order_discounts d ON d.order_id = o.id WHERE o.number = ?1",
    )
      .bind(location.split("/").at(-1))
      .first<{ discount: number; subtotal: number; total: number; name: string; amount: number }>();
    expect(row!.name).toBe("Welcome 10%");
    expect(row!.amount).toBe(Math.round(row!.subtotal / 10));
    expect(row!.discount).toBe(row!.amount);
    const uses = await env.DB.prepare("SELECT uses FROM promotions WHERE name = 'Welcome 10%'").first<{
      uses: number;
    }>();
    expect(uses!.uses).toBe(1);
    // The code went with the order: the next bag starts without it.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM cart_codes").first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("refuses a bad code with a sentence beside the field, a 422, and the bag kept", async () => {
    await promotion({
      name: "Big spend",
      gives: { kind: "fixed", amount: 5000 },
      code: "BIG50",
      minSubtotal: 10_000_000,
    });
    await promotion({
      name: "Old",
      gives: { kind: "fixed", amount: 500 },
      code: "OLD5",
      endsAt: "2020-01-01T00:00:00.000Z",
    });
    await promotion({ name: "One", gives: { kind: "fixed", amount: 500 }, code: "ONE-ABC", singleUse: true });
    await env.DB.prepare("UPDATE promotion_codes SET uses = 1 WHERE code = 'ONE-ABC'").run();
    const shopper = await shopperWithBag();
    const cases: [string, RegExp][] = [
      ["NOPE", /This code isn't valid\. Check it and try again\./],
      ["old5", /This code has expired\./],
      ["BIG50", /Spend AED [\d,.]+ more to use this code\./],
      // Used by another shopper: answered as a code that does not exist.
      ["one-abc", /This code isn't valid\. Check it and try again\./],
      ["", /Enter a code\./],
    ];
    for (const [code, sentence] of cases) {
      const res = await shopper.post("/cart/code", { code }, { from: null });
      expect(res.status, code).toBe(422);
      const html = text(await res.text());
      expect(html, code).toMatch(new RegExp(`id="promotion-code-error"[^>]*>${sentence.source}`));
      expect(html).toContain(`value="${code}"`);
    }
    expect(await bag(shopper)).toMatch(/Bag, 2 items/);
  });

  it("answers a 429 with a sentence after 20 wrong codes in 10 minutes, even for a right one", async () => {
    startOfRateWindow();
    await promotion({ name: "Real", gives: { kind: "fixed", amount: 500 }, code: "REAL5" });
    const shopper = await shopperWithBag();
    for (let i = 0; i < 20; i++) {
      const res = await shopper.post("/cart/code", { code: `GUESS${i}` }, { from: null });
      expect(res.status).toBe(422);
    }
    const refused = await shopper.post("/cart/code", { code: "REAL5" }, { from: null });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(
      /Too many codes that didn't work\. Please wait \d+ minutes? before you try another\./,
    );
  });

  it("gives exactly 100 discounted orders when 150 shoppers race a code with 100 uses; the others keep their bag", async () => {
    await promotion({ name: "Flash 100", gives: { kind: "fixed", amount: 1000 }, code: "FLASH", usesMax: 100 });
    const racing = { ...env, DB: racingDb(150, /UPDATE promotions SET uses = uses \+ 1/) };
    const shoppers = await Promise.all(
      Array.from({ length: 150 }, async () => {
        const shopper = new Browser((path, init) => appRequest(`https://shop.example${path}`, init, racing));
        await shopperWithBag(shopper);
        const res = await shopper.post("/cart/code", { code: "flash" }, { from: null });
        expect(res.status).toBe(303);
        return shopper;
      }),
    );
    const answers = await Promise.all(shoppers.map((s) => order(s)));
    const placed = answers.filter((r) => r.headers.get("location")?.startsWith("/cart/order/"));
    const refused = answers.filter((r) => r.headers.get("location") === "/cart");
    expect(placed.length).toBe(100);
    expect(refused.length).toBe(50);
    const counts = await env.DB.prepare(
      `SELECT (SELECT uses FROM promotions WHERE name = 'Flash 100') AS uses,
              (SELECT COUNT(*) FROM order_discounts d JOIN promotions p ON p.id = d.promotion_id WHERE p.name = 'Flash 100') AS discounted`,
    ).first<{ uses: number; discounted: number }>();
    expect(counts).toEqual({ uses: 100, discounted: 100 });
    const late = shoppers[answers.indexOf(refused[0]!)]!;
    const page = await bag(late);
    expect(page).toContain("This code has been used up.");
    expect(page).toMatch(/Bag, 2 items/);
  }, 180_000);

  it("counts a guest's uses by mailbox: a +tag or capitals make no second use", async () => {
    await promotion({ name: "Once each", gives: { kind: "fixed", amount: 500 }, code: "ONCE", usesPerShopper: 1 });
    const first = await shopperWithBag();
    await first.post("/cart/code", { code: "ONCE" }, { from: null });
    expect((await order(first)).headers.get("location")).toMatch(/^\/cart\/order\//);
    const second = await shopperWithBag();
    await second.post("/cart/code", { code: "ONCE" }, { from: null });
    const again = await second.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer, email: "Mariam+sale@Example.ae", phone: "055 000 0000" },
      { from: null },
    );
    expect(again.headers.get("location")).toBe("/cart");
    expect(await bag(second)).toContain("You have already used this code.");
  });
});
