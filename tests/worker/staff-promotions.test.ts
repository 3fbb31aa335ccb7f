import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dubaiToUtc } from "../../worker/screens/staff/promotions/promotion-draft";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";
import { auditOf, signedIn } from "./support/staff-session";

/**
 * Promotions on the staff desk (docs/promotions.md): added with a sentence per bad field, how it stacks
 * written beside it, paused and resumed through the desk's one pipeline (a change from an older copy
 * refused, naming who), single-use codes made and exported, and what it gave counted.
 */
const text = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

async function promotionRow(name: string) {
  return env.DB.prepare("SELECT id, version, paused, starts_at, ends_at FROM promotions WHERE name = ?1")
    .bind(name)
    .first<{ id: number; version: number; paused: number; starts_at: string | null; ends_at: string | null }>();
}

describe("promotions on the desk", () => {
  it("refuses a bad form with a sentence beside each field, and adds a good one with times in Dubai", async () => {
    const { browser: staff } = await signedIn("staff");
    const bad = await staff.post("/staff/promotions", { name: "", kind: "percent", percent: "140" }, { from: null });
    expect(bad.status).toBe(422);
    const html = text(await bad.text());
    expect(html).toContain("Give the promotion a name shoppers will read");
    expect(html).toContain("Enter a whole percentage from 1 to 100.");
    const name = `Eid ${crypto.randomUUID().slice(0, 6)}`;
    const good = await staff.post(
      "/staff/promotions",
      {
        name,
        applies: "code",
        code: ` eid${name.slice(-6)} `,
        kind: "percent",
        percent: "15",
        cap: "50",
        targetKind: "order",
        startsAt: "2026-12-01T09:00",
        endsAt: "2026-12-03T23:59",
        priority: "5",
      },
      { from: null },
    );
    expect(good.status).toBe(303);
    const row = (await promotionRow(name))!;
    expect(row.starts_at).toBe("2026-12-01T05:00:00.000Z");
    expect(row.ends_at).toBe(dubaiToUtc("2026-12-03T23:59"));
    const page = text(await (await staff.get(`/staff/promotions/${row.id}`)).text());
    expect(page).toContain("15% off, at most AED 50.00");
    expect(page).toContain("Priority 5, not combinable");
    expect(await auditOf("promotion", String(row.id))).toHaveLength(1);
  });

  it("pauses a promotion so shoppers stop getting it, and refuses a pause from an older copy naming who", async () => {
    const { browser: staff } = await signedIn("staff");
    const name = `Free ship ${crypto.randomUUID().slice(0, 6)}`;
    await staff.post(
      "/staff/promotions",
      { name, applies: "auto", kind: "free_delivery", combinable: "yes" },
      { from: null },
    );
    const row = (await promotionRow(name))!;
    const [slug] = await productSlugs("in_stock", 1);
    const shopper = new Browser();
    await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
    expect(text(await (await shopper.get("/cart")).text())).toContain(name);
    const paused = await staff.post(
      `/staff/promotions/${row.id}`,
      { action: "pause", version: String(row.version) },
      { from: null },
    );
    expect(paused.status).toBe(303);
    expect(text(await (await shopper.get("/cart")).text())).not.toContain(name);
    const stale = await staff.post(
      `/staff/promotions/${row.id}`,
      { action: "resume", version: String(row.version) },
      { from: null },
    );
    expect(stale.status).toBe(409);
    const who = (await auditOf("promotion", String(row.id))).at(-1)!.staffName;
    expect(text(await stale.text())).toContain(`This promotion was changed by ${who} meanwhile`);
    expect((await promotionRow(name))!.paused).toBe(1);
    await env.DB.prepare("DELETE FROM promotions WHERE id = ?1").bind(row.id).run();
  });

  it("changes a promotion from the form it was shown with: bags get the change, a bad field or an older copy is refused", async () => {
    const { browser: staff } = await signedIn("staff");
    const name = `Winter ${crypto.randomUUID().slice(0, 6)}`;
    await staff.post(
      "/staff/promotions",
      { name, applies: "auto", kind: "percent", percent: "10", targetKind: "order", combinable: "yes" },
      { from: null },
    );
    const row = (await promotionRow(name))!;
    try {
      // The change form starts from what is saved.
      const before = text(await (await staff.get(`/staff/promotions/${row.id}`)).text());
      expect(before).toMatch(/id="change-percent"[^>]* name="percent" value="10"/);
      const [slug] = await productSlugs("in_stock", 1);
      const shopper = new Browser();
      await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
      const discountOf = (bag: string) => Number(/−(?:<!-- -->)?AED\s([\d,.]+)/.exec(bag)![1]!.replace(",", ""));
      const tenPercent = discountOf(text(await (await shopper.get("/cart")).text()));
      const change = { name, kind: "percent", targetKind: "order", combinable: "yes", priority: "0" };
      const bad = await staff.post(
        `/staff/promotions/${row.id}`,
        { ...change, action: "change", version: String(row.version), percent: "120" },
        { from: null },
      );
      expect(bad.status).toBe(422);
      const badPage = text(await bad.text());
      expect(badPage).toContain("Enter a whole percentage from 1 to 100.");
      expect(badPage).toMatch(/id="change-percent"[^>]*name="percent" value="120"/);
      const saved = await staff.post(
        `/staff/promotions/${row.id}`,
        { ...change, action: "change", version: String(row.version), percent: "20", endsAt: "2099-01-01T00:00" },
        { from: null },
      );
      expect(saved.status).toBe(303);
      const after = (await promotionRow(name))!;
      expect(after.version).toBe(row.version + 1);
      expect(after.ends_at).toBe("2098-12-31T20:00:00.000Z");
      const page = text(await (await staff.get(`/staff/promotions/${row.id}`)).text());
      expect(page).toContain("20% off");
      expect(page).toContain("changed it");
      expect(page.replaceAll("<!-- -->", "")).toContain("Gives: 10% off → 20% off");
      const [, change2] = await auditOf("promotion", String(row.id));
      expect(change2!.after).toMatchObject({ gives: { kind: "percent", percent: 20 } });
      // The bag's next quote has the new discount: 20 % of the line, not 10 %.
      const twentyPercent = discountOf(text(await (await shopper.get("/cart")).text()));
      expect(Math.abs(twentyPercent - 2 * tenPercent)).toBeLessThanOrEqual(0.01);
      const stale = await staff.post(
        `/staff/promotions/${row.id}`,
        { ...change, action: "change", version: String(row.version), percent: "30" },
        { from: null },
      );
      expect(stale.status).toBe(409);
      expect(text(await stale.text())).toContain("meanwhile");
      expect(text(await (await staff.get(`/staff/promotions/${row.id}`)).text())).toContain("20% off");
    } finally {
      // An automatic promotion on every order would change the later tests' bags.
      await env.DB.prepare("DELETE FROM promotions WHERE id = ?1").bind(row.id).run();
    }
  });

  it("makes single-use codes, exports them as CSV, and counts the discount a code gave and its order's revenue", async () => {
    const { browser: staff } = await signedIn("staff");
    const name = `Influencer ${crypto.randomUUID().slice(0, 6)}`;
    await staff.post("/staff/promotions", { name, applies: "code", kind: "fixed", amount: "20" }, { from: null });
    const row = (await promotionRow(name))!;
    const made = await staff.post(
      `/staff/promotions/${row.id}`,
      { action: "codes", version: String(row.version), count: "3", prefix: "INF" },
      { from: null },
    );
    expect(made.status).toBe(303);
    const csv = await (await staff.get(`/staff/promotions/${row.id}/codes.csv`)).text();
    const codes = csv
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0]!);
    expect(codes).toHaveLength(3);
    expect(codes.every((code) => /^INF-[2-9A-HJ-NP-Z]{8}$/.test(code))).toBe(true);
    const [slug] = await productSlugs("in_stock", 1);
    const shopper = new Browser();
    await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
    expect((await shopper.post("/cart/code", { code: codes[0]!.toLowerCase() }, { from: null })).status).toBe(303);
    const placed = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    expect(placed.headers.get("location")).toMatch(/^\/cart\/order\//);
    const total = await env.DB.prepare("SELECT total FROM orders WHERE number = ?1")
      .bind(placed.headers.get("location")!.split("/").at(-1))
      .first<{ total: number }>();
    const number = placed.headers.get("location")!.split("/").at(-1)!;
    const orderPage = text(await (await staff.get(`/staff/orders/${number}`)).text());
    // The name and the code each isolated, as the shop's pages show them.
    expect(orderPage.replaceAll("<!-- -->", "")).toContain(
      `<bdi>${name}</bdi> (code <bdi dir="ltr">${codes[0]}</bdi>)`,
    );
    expect(orderPage).toContain("−AED 20.00");
    const csvOrders = await (await staff.get(`/staff/orders.csv?q=${number}`)).text();
    expect(csvOrders).toContain(`${name} [${codes[0]}] −20.00`);
    const page = text(await (await staff.get(`/staff/promotions/${row.id}`)).text());
    expect(page).toContain("AED 20.00 on 1 order");
    expect(page).toContain(`AED ${(total!.total / 100).toFixed(2)}`);
    // The same single-use code in another bag is answered as a code that does not exist.
    const other = new Browser();
    await other.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
    const again = await other.post("/cart/code", { code: codes[0]! }, { from: null });
    expect(again.status).toBe(422);
    expect(text(await again.text())).toContain("This code isn't valid.");
  });
});

describe("delivery settings on the desk", () => {
  it("sets the fee per emirate, the threshold and the cash limit; a bad amount or an older copy is refused", async () => {
    const { browser: staff } = await signedIn("staff");
    const fields = {
      action: "save",
      version: "0",
      deliveryFee: "30",
      freeDeliveryFrom: "",
      cashFee: "5",
      cashMax: "50",
      "fee:Abu Dhabi": "40",
    };
    const bad = await staff.post("/staff/settings", { ...fields, cashFee: "five" }, { from: null });
    expect(bad.status).toBe(422);
    expect(text(await bad.text())).toContain("Enter an amount in AED, like 25 or 24.50.");
    expect((await staff.post("/staff/settings", fields, { from: null })).status).toBe(303);
    const stale = await staff.post("/staff/settings", fields, { from: null });
    expect(stale.status).toBe(409);
    expect(text(await stale.text())).toContain("changed by");
    const [slug] = await productSlugs("in_stock", 1);
    const shopper = new Browser();
    await shopper.post("/cart/add", { slug: slug!, quantity: "3" }, { from: null });
    const bag = text(await (await shopper.get("/cart")).text());
    expect(bag).toContain("AED 30.00");
    expect(bag).not.toContain("more for free delivery");
    const checkout = text(await (await shopper.get("/cart/order")).text());
    // No card here (no Stripe key): nothing can pay for this bag, and the checkout says so once with the limit.
    expect(checkout).toContain("we take cash on delivery for orders up to AED 50.00");
    // To Abu Dhabi, in cash, above the largest cash order: refused beside the payment choice.
    const cash = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer, region: "Abu Dhabi" },
      { from: null },
    );
    expect(cash.status).toBe(422);
    expect(text(await cash.text())).toContain("we take cash on delivery for orders up to AED 50.00");
    await env.DB.prepare("DELETE FROM shop_settings").run();
  });
});
