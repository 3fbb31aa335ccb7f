import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { fillBag, pageText, saveDeliverySettings } from "./support/delivery-bag";

/**
 * Cash on delivery at the checkout (docs/promotions.md): its fee in the summary and the button before the
 * order is sent, drawn beside the card's totals (the checked payment radio picks one, commerce.css), and
 * above the largest cash order, why cash is not offered, with the card offered instead.
 */
/** The part of the page between an element's class and the next sibling of its kind. */
function part(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  expect(from).toBeGreaterThanOrEqual(0);
  return html.slice(from, html.indexOf(end, from + start.length));
}

afterEach(async () => {
  await env.DB.prepare("DELETE FROM shop_settings").run();
});

describe("cash on delivery at the checkout", () => {
  it("shows the cash fee in the summary and the button when cash is chosen, and not with the card", async () => {
    await saveDeliverySettings({ deliveryFee: 2500, freeDeliveryFrom: null, cashFee: 700, cashMax: null });
    const shopper = new Browser();
    await fillBag(shopper);
    const html = pageText(await (await shopper.get("/cart/order")).text());
    const cash = part(html, '<div class="for-cash">', '<div class="for-online">');
    const card = part(html, '<div class="for-online">', "</dl>");
    expect(cash).toContain("Cash on delivery fee</dt><dd>AED 7.00");
    expect(card).not.toContain("Cash on delivery fee");
    const total = (section: string) => Number(/Total<\/dt><dd>AED ([\d,.]+)/.exec(section)?.[1]?.replaceAll(",", ""));
    expect(total(cash) - total(card)).toBeCloseTo(7, 2);
    // The button says the total with the fee for cash, without it for the card.
    expect(html).toContain(`<span class="for-cash">Place order · AED ${total(cash).toFixed(2)}`);
    expect(html).toContain(`<span class="for-online">Place order · AED ${total(card).toFixed(2)}`);
  });

  it("above the largest cash order says why cash is not offered, and offers the card instead", async () => {
    await saveDeliverySettings({ deliveryFee: 2500, freeDeliveryFrom: null, cashFee: 500, cashMax: 1000 });
    const cardEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_cash", STRIPE_WEBHOOK_SECRET: "whsec_cash" };
    const shopper = new Browser((path, init) => appRequest(`https://shop.example${path}`, init, cardEnv));
    await fillBag(shopper, 2);
    const html = pageText(await (await shopper.get("/cart/order")).text());
    expect(html).toContain(
      '<input type="radio" disabled="" aria-describedby="cash-refused-transport cash-refused-pickup" name="payment" value="cash"/>',
    );
    expect(html).toContain('<input type="radio" name="payment" checked="" value="online"/>');
    expect(html).toContain(
      '<p class="field__hint for-transport" id="cash-refused-transport">Cash on delivery is available for orders up to AED 10.00. Please pay by card, or make your order smaller.</p>',
    );
  });
});
