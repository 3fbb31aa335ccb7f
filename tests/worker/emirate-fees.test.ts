import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { fillBag, pageText, saveDeliverySettings } from "./support/delivery-bag";
import { customer } from "./support/shop-fixtures";

/**
 * A delivery fee of an emirate's own (the desk's settings) in what the checkout says: the summary and the
 * button are drawn for that emirate and for the others, and the style shows the one for the emirate picked
 * (client/components/by-emirate.tsx, commerce.css), so the total a shopper reads is the total placed; the
 * style itself, with and without script, in tests/browser/checkout-totals.test.ts.
 */
afterEach(async () => {
  await env.DB.prepare("DELETE FROM shop_settings").run();
});

/** The order's total as the shop kept it, in fils. */
async function placedTotal(location: string): Promise<number> {
  const row = await env.DB.prepare("SELECT total FROM orders WHERE number = ?1")
    .bind(location.split("/").at(-1))
    .first<{ total: number }>();
  return row!.total;
}

const aed = (fils: number) => `AED ${(fils / 100).toFixed(2)}`;

describe("a delivery fee of an emirate's own at the checkout", () => {
  it("draws the emirate's totals beside the others', and the order is placed at the one drawn for it", async () => {
    // Dubai pays AED 15, Sharjah AED 40, every other emirate AED 25; cash adds AED 5.
    await saveDeliverySettings({
      deliveryFee: 2500,
      deliveryFeeByEmirate: { Dubai: 1500, Sharjah: 4000 },
      freeDeliveryFrom: null,
      cashFee: 500,
      cashMax: null,
    });
    const shopper = new Browser();
    await fillBag(shopper);
    const html = pageText(await (await shopper.get("/cart/order")).text());

    // The others' block names the emirates it does not stand for; each of those has its own.
    expect(html).toContain('<div class="for-other-emirates" data-not="e1 e2">');
    const block = (token: string) => {
      const from = html.indexOf(`<div class="for-emirate" data-emirate="${token}">`);
      expect(from).toBeGreaterThanOrEqual(0);
      return html.slice(from, html.indexOf("</dl>", from));
    };
    const other = html.slice(html.indexOf('<div class="for-other-emirates"'));
    expect(other).toMatch(/Delivery<\/dt><dd>AED 25\.00/);
    expect(block("e1")).toMatch(/Delivery<\/dt><dd>AED 15\.00/);
    expect(block("e2")).toMatch(/Delivery<\/dt><dd>AED 40\.00/);

    // The button's total for Dubai, paid in cash, is what the order is placed at.
    const dubaiButton =
      /<span class="for-emirate" data-emirate="e1"><span class="for-cash">Place order · AED ([\d,.]+)/.exec(html);
    expect(dubaiButton).not.toBeNull();
    const placed = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    expect(placed.status).toBe(303);
    expect(aed(await placedTotal(placed.headers.get("location")!))).toBe(`AED ${dubaiButton![1]}`);
  });

  it("draws one set of totals while no emirate has a fee of its own", async () => {
    await saveDeliverySettings({ deliveryFee: 2500, freeDeliveryFrom: null, cashFee: 0, cashMax: null });
    const shopper = new Browser();
    await fillBag(shopper);
    const html = await (await shopper.get("/cart/order")).text();
    expect(html).not.toContain("for-other-emirates");
    expect(html).not.toContain("for-emirate");
  });
});
