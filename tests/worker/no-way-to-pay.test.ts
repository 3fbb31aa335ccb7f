import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { Browser } from "./support/browser-session";
import { fillBag, pageText, saveDeliverySettings } from "./support/delivery-bag";
import { customer } from "./support/shop-fixtures";

/**
 * A bag nothing can pay for (worker/screens/cart/no-way-to-pay.tsx): over the largest cash order while
 * card payments are not available (no Stripe key here, as locally) and no instalments are configured.
 * The bag and the checkout say so once, with what to do; a bag cash can take shows the cash fee already.
 */
afterEach(async () => {
  await env.DB.prepare("DELETE FROM shop_settings").run();
});

describe("a bag nothing can pay for", () => {
  it("says once, in the bag and at the checkout, what to do instead of offering a card that cannot be used", async () => {
    expect(env.STRIPE_SECRET_KEY ?? "").toBe("");
    await saveDeliverySettings({ deliveryFee: 2500, freeDeliveryFrom: null, cashFee: 500, cashMax: 1000 });
    const shopper = new Browser();
    await fillBag(shopper, 2);
    const cart = pageText(await (await shopper.get("/cart")).text());
    expect(cart).toContain("We can't take this order as it stands");
    expect(cart).toContain("we take cash on delivery for orders up to AED 10.00");
    expect(cart).toContain("remove products until your bag comes to AED 10.00 or less, or contact us");
    expect(cart).not.toContain(`>${en.bag.checkout}</a>`);

    const checkout = await shopper.get("/cart/order");
    const page = pageText(await checkout.text());
    expect(page.match(/We can't take this order as it stands/g)).toHaveLength(1);
    expect(page).not.toContain(en.checkout.cardUnavailable);
    expect(page).not.toContain("Please pay by card");
    expect(page).not.toContain('name="payment"');
    // The shop's contacts (the CMS contacts record): its phone as a link.
    expect(page).toMatch(/<a href="tel:\+?\d+"><bdi dir="ltr">/);

    // A form sent anyway gets the same notice, not two refusals that contradict each other.
    const posted = await shopper.post(
      "/cart/order",
      { ...customer, email: "stuck@example.ae", payment: "cash", idempotencyKey: crypto.randomUUID() },
      { from: null },
    );
    expect(posted.status).toBe(422);
    const again = pageText(await posted.text());
    expect(again).toContain("We can't take this order as it stands");
    expect(again).not.toContain(en.checkout.cardUnavailable);
  });

  it("shows the cash fee in the bag when cash is the only way to pay", async () => {
    await saveDeliverySettings({ deliveryFee: 2500, freeDeliveryFrom: null, cashFee: 700, cashMax: null });
    const shopper = new Browser();
    await fillBag(shopper);
    const cart = pageText(await (await shopper.get("/cart")).text());
    expect(cart).toContain("Cash on delivery fee</dt><dd>AED 7.00");
    expect(cart).toContain(
      "Cash on delivery is the only way to pay at the moment: its fee of AED 7.00 is included above.",
    );
    expect(cart).not.toContain("We can't take this order");
    expect(cart).toContain(`>${en.bag.checkout}</a>`);
  });
});
