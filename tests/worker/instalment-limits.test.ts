import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { INSTALMENT_LIMITS, instalmentAmount, instalmentsFor, withinInstalmentLimits } from "../../shared/instalments";
import { stripeCheckout } from "../../worker/platform/payments/stripe-checkout";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { FAKE_KEYS, TABBY_BASE } from "./support/fake-instalments";
import { customer } from "./support/shop-fixtures";

/**
 * Which ways to pay the checkout offers (decision 0119): an instalment provider only with its keys and
 * within its limits, the product page and the bag saying what four payments come to; and the card
 * session leaving the wallets to the Stripe account.
 */
afterEach(() => vi.restoreAllMocks());

const tabbyOnly = {
  ...env,
  TABBY_PUBLIC_KEY: FAKE_KEYS.TABBY_PUBLIC_KEY,
  TABBY_SECRET_KEY: FAKE_KEYS.TABBY_SECRET_KEY,
  TABBY_MERCHANT_CODE: FAKE_KEYS.TABBY_MERCHANT_CODE,
  TABBY_API_BASE: TABBY_BASE,
};
const both = { ...tabbyOnly, TAMARA_API_TOKEN: FAKE_KEYS.TAMARA_API_TOKEN, TAMARA_NOTIFICATION_TOKEN: "n" };

/** The payment radios a checkout page offers, by value, and whether each can be chosen. */
function paymentChoices(html: string): string[] {
  return [...html.matchAll(/<input[^>]*name="payment"[^>]*>/g)].map(([input]) => {
    const value = input.match(/value="(\w+)"/)![1]!;
    return / disabled=/.test(input) ? `${value} (disabled)` : value;
  });
}

/** A bag of one uncounted product no other bag holds (its price set, in AED, when given) at this quantity, in a browser with these bindings. */
async function bagOf(bindings: typeof env, quantity: number, price?: number) {
  const { slug } = (await env.DB.prepare(
    `SELECT slug FROM cms_products p WHERE availability = 'in_stock'
       AND NOT EXISTS (SELECT 1 FROM cms_product_variants v WHERE v.product_id = p.id)
       AND slug NOT IN (SELECT product_slug FROM stock_levels) AND slug NOT IN (SELECT product_slug FROM cart_lines)
     ORDER BY id LIMIT 1`,
  ).first<{ slug: string }>())!;
  if (price !== undefined) {
    await env.DB.prepare("UPDATE cms_products SET price = ?2 WHERE slug = ?1").bind(slug, price).run();
  }
  const shopper = new Browser((path, init) => appRequest(`https://shop.example${path}`, init, bindings));
  expect((await shopper.post("/cart/add", { slug, quantity: String(quantity) }, { from: null })).status).toBe(303);
  return { shopper, slug };
}

describe("the instalment providers' limits", () => {
  it("takes a total from the provider's least to its most, VAT and delivery included", () => {
    for (const id of ["tabby", "tamara"] as const) {
      const { min, max } = INSTALMENT_LIMITS[id];
      expect([min - 1, min, max, max + 1].map((total) => withinInstalmentLimits(id, total))).toEqual([
        false,
        true,
        true,
        false,
      ]);
    }
    expect(instalmentsFor(["tabby", "tamara"], 80_00)).toEqual(["tabby"]);
    expect(instalmentsFor(["tabby", "tamara"], 4_000_00)).toEqual(["tamara"]);
    expect(instalmentsFor(["tamara"], 200_00)).toEqual(["tamara"]);
    expect(instalmentsFor([], 200_00)).toEqual([]);
  });

  it("says one payment of four, rounded up to the fil", () => {
    expect(instalmentAmount(239_00)).toBe(59_75);
    expect(instalmentAmount(100_01)).toBe(25_01);
  });
});

describe("the checkout's ways to pay", () => {
  it("offers exactly the configured providers that take the bag's total", async () => {
    const none = await bagOf(env, 1, 200);
    expect(paymentChoices(await (await none.shopper.get("/cart/order")).text())).toEqual(["cash", "online (disabled)"]);
    const tabby = await bagOf(tabbyOnly, 1, 200);
    const offered = await (await tabby.shopper.get("/cart/order")).text();
    expect(paymentChoices(offered)).toEqual(["cash", "online (disabled)", "tabby"]);
    const two = await bagOf(both, 1, 200);
    expect(paymentChoices(await (await two.shopper.get("/cart/order")).text())).toEqual([
      "cash",
      "online (disabled)",
      "tabby",
      "tamara",
    ]);
    // Above Tabby's most (AED 3,000), within Tamara's.
    const large = await bagOf(both, 20, 200);
    expect(paymentChoices(await (await large.shopper.get("/cart/order")).text())).toEqual([
      "cash",
      "online (disabled)",
      "tamara",
    ]);
  });

  it("refuses a provider the bag's total is outside of, with the sentence beside the field, placing nothing", async () => {
    const { shopper } = await bagOf(both, 20, 200);
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())!.n;
    const res = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer, delivery: "pickup", payment: "tabby" },
      { from: null },
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Tabby takes orders from AED 50.00 to AED 3,000.00, and this order is AED 4,000.00.");
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())!.n).toBe(before);
  });

  it("refuses a provider that is not configured, in the page's language", async () => {
    const { shopper } = await bagOf(env, 1, 200);
    const res = await shopper.post(
      "/ar/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer, delivery: "pickup", payment: "tamara" },
      { from: null },
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toContain(ar.checkout.instalments.unavailable.replace("{provider}", "تمارا"));
  });
});

describe("four payments, in words", () => {
  it("shows the bag what four payments come to when a provider takes its total, and nothing otherwise", async () => {
    const configured = await bagOf(tabbyOnly, 1, 214);
    const bag = await (await configured.shopper.get("/cart")).text();
    // A quarter of what the bag says is to pay, delivery included, rounded up to the fil.
    const total = Math.round(
      Number(bag.match(/totals__total"><dt>Total<\/dt><dd>AED ([\d,.]+)</)![1]!.replace(/,/g, "")) * 100,
    );
    expect(bag).toContain(`Or 4 payments of AED ${(Math.ceil(total / 4) / 100).toFixed(2)} with Tabby</p>`);
    const unconfigured = await bagOf(env, 1, 214);
    const html = await (await unconfigured.shopper.get("/cart")).text();
    expect(html).not.toContain("4 payments of");
    const tooSmall = await bagOf(tabbyOnly, 1, 20);
    expect(await (await tooSmall.shopper.get("/cart")).text()).not.toContain("4 payments of");
  });

  it("shows the product page the same sentence, in Arabic too", async () => {
    const { slug, path } = (await env.DB.prepare(
      `SELECT p.slug, c.slug AS path FROM cms_products p JOIN cms_categories c ON c.id = p.category_id
       WHERE p.locale = 'en' AND c.locale = 'en' AND p.price BETWEEN 150 AND 2500 ORDER BY p.id DESC LIMIT 1`,
    ).first<{ slug: string; path: string }>())!;
    const price = Math.round(
      (await env.DB.prepare("SELECT price FROM cms_products WHERE slug = ?1 AND locale = 'en'")
        .bind(slug)
        .first<{ price: number }>())!.price * 100,
    );
    const each = en.checkout.instalments.each.replace("{amount}", `AED ${(Math.ceil(price / 4) / 100).toFixed(2)}`);
    const shopper = new Browser((p, init) => appRequest(`https://shop.example${p}`, init, both));
    const page = await (await shopper.get(`/catalog/${path}/${slug}`)).text();
    expect(page).toContain(`Or ${each} with Tabby or Tamara`);
    const arabic = await (await shopper.get(`/ar/catalog/${path}/${slug}`)).text();
    expect(arabic).toContain("4 دفعات بقيمة");
    expect(arabic).toContain("مع تابي أو تمارا");
  });
});

describe("wallets on the card's hosted page", () => {
  async function sessionForm(configuration?: string) {
    const sent: URLSearchParams[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      sent.push(new URLSearchParams(await new Request(input, init).text()));
      return Response.json({ id: "cs_test_wallets", url: "https://checkout.stripe.fake/cs_test_wallets" });
    });
    const provider = stripeCheckout({
      secretKey: "sk",
      webhookSecret: "whsec",
      apiBase: "https://stripe.fake",
      paymentMethodConfiguration: configuration,
    });
    await provider.createCheckoutSession({
      orderNumber: "NB-2612-WALLET",
      email: "noor@example.ae",
      amount: 100_00,
      lines: [{ name: "Rose serum", unitAmount: 100_00, quantity: 1 }],
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/no",
      expiresAt: Math.floor(Date.now() / 1000) + 2700,
    });
    return sent[0]!;
  }

  it("names no payment method types, so Checkout shows the account's (Apple Pay and Google Pay once enabled)", async () => {
    const form = await sessionForm();
    expect([...form.keys()].filter((key) => key.startsWith("payment_method"))).toEqual([]);
  });

  it("sends the configured payment method configuration", async () => {
    expect((await sessionForm("pmc_wallets_123")).get("payment_method_configuration")).toBe("pmc_wallets_123");
  });
});
