import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { fill } from "../../shared/i18n/format";
import { mailLink } from "../../worker/platform/mail/shopper-mail";
import { findOrderByNumber } from "../../worker/platform/orders/order-store";
import { queueRestockAlerts } from "../../worker/platform/stock/restock-alerts";
import { statusMail } from "../../worker/screens/staff/orders/order-mail";
import { fetchWorker } from "./fetch";
import { appRequest } from "./support/app-request";
import { uniqueIp, uniqueShopper } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { countedSku, orderHolding } from "./support/held-order";
import { customer, productSlugs } from "./support/shop-fixtures";
import { stripeSignature } from "./support/stripe-signature";

/**
 * Decision 0092: the checkout's messages, the bag's answers, "tell me when it's back" and the e-mails a
 * shopper gets are in the language of the page they acted on; English stays word for word and
 * staff still read English.
 */
const ORIGIN = "https://shop.example";
/** Each test renders a few whole pages and places orders: more than the default 5 s on a busy machine. */
const SLOW = { timeout: 20_000 };

interface Mail {
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  kind: string;
}

async function mailsTo(recipient: string, kind?: string): Promise<Mail[]> {
  await drawMail();
  const { results } = await env.DB.prepare(
    `SELECT recipient, subject, body_text, body_html, kind FROM outbox
     WHERE recipient = ?1 AND (?2 IS NULL OR kind = ?2) ORDER BY id`,
  )
    .bind(recipient, kind ?? null)
    .all<Mail>();
  return results;
}

/** A shopper with two in-stock products in the bag, added from pages in `prefix` ("" or "/ar"). */
async function shopperWithBag(prefix: "" | "/ar"): Promise<Browser> {
  const shopper = new Browser();
  for (const slug of await productSlugs("in_stock")) {
    expect((await shopper.post(`${prefix}/cart/add`, { slug, quantity: "1" }, { from: null })).status).toBe(303);
  }
  return shopper;
}

/** Places an order from `prefix` with a fresh address; answers its number and the address. */
async function placeOrder(prefix: "" | "/ar"): Promise<{ number: string; email: string }> {
  const shopper = await shopperWithBag(prefix);
  const email = uniqueShopper("buyer").email;
  const res = await shopper.post(
    `${prefix}/cart/order`,
    { idempotencyKey: crypto.randomUUID(), ...customer, email },
    { from: null },
  );
  expect(res.status).toBe(303);
  const number = res.headers.get("location")!.split("/").pop()!;
  return { number, email };
}

describe("the checkout in Arabic", SLOW, () => {
  it("answers a post without JavaScript with Arabic messages beside the fields", async () => {
    const shopper = await shopperWithBag("/ar");
    const res = await shopper.post(
      "/ar/cart/order",
      { ...customer, firstName: "", email: "mariam@", phone: "12", address: "", consent: "" },
      { from: null },
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('lang="ar"');
    for (const message of [
      ar.checkout.errors.firstName,
      ar.checkout.errors.emailInvalid,
      ar.checkout.errors.phoneInvalid,
      ar.checkout.errors.address,
      ar.checkout.errors.consent,
    ]) {
      expect(html).toContain(message);
    }
    // Beside its field: the field's own error element holds the Arabic message.
    expect(html).toMatch(/id="field-address-error">(?:(?!<\/p>)[\s\S])*<span>يُرجى إدخال عنوان التوصيل\.<\/span>/);
    for (const english of Object.values(en.checkout.errors)) expect(html).not.toContain(english.replace("'", "&#x27;"));
    expect(html).not.toContain("Card payment is not available");
    expect(html).toContain(ar.checkout.cardUnavailable);
  });

  it("gives the island the Arabic messages to check the form with before it is sent", async () => {
    const shopper = await shopperWithBag("/ar");
    const html = await (await shopper.get("/ar/cart/order")).text();
    expect(html).toContain(ar.checkout.errors.emailMissing);
    expect(html).not.toContain(en.checkout.errors.emailMissing);
  });

  it("keeps the English messages word for word", async () => {
    const shopper = await shopperWithBag("");
    const res = await shopper.post("/cart/order", { ...customer, lastName: "", city: "" }, { from: null });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Please enter your last name.");
    expect(html).toContain("Please enter the city.");
  });
});

describe("the bag's answers", SLOW, () => {
  it("answers a bad quantity in the page's language", async () => {
    const shopper = await shopperWithBag("/ar");
    const [slug] = await productSlugs("in_stock", 1);
    const res = await shopper.post(
      "/ar/cart/update",
      { slug: slug!, quantity: "100" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      ok: false,
      message: fill("ar", ar.bagActions.quantity.atMost, { max: 99 }),
    });
    const english = await shopper.post(
      "/cart/update",
      { slug: slug!, quantity: "2.5" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(await english.json()).toMatchObject({ message: "Enter a whole number of items." });
    const added = await shopper.post(
      "/ar/cart/add",
      { slug: slug!, quantity: "1" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect((await added.json<{ message: string }>()).message).not.toMatch(/is in your bag/);
  });
});

describe("order e-mails", SLOW, () => {
  it("sends an order placed on /ar an Arabic confirmation, text and right-to-left HTML; staff's copy stays English", async () => {
    const { number, email } = await placeOrder("/ar");
    const [confirmation] = await mailsTo(email, "order-confirmation");
    expect(confirmation!.subject).toBe(fill("ar", ar.email.order.subject, { number }));
    expect(confirmation!.body_text).toContain(fill("ar", ar.email.dear, { name: customer.firstName }));
    // The order number and an English product name read as written: isolated in the text, in <bdi> in the HTML.
    expect(confirmation!.body_text).toContain(fill("ar", ar.email.order.thanks, { number: `\u2068${number}\u2069` }));
    expect(confirmation!.body_text).toMatch(/^- \d+ × \u2068[^\u2068\u2069]+\u2069 — /m);
    // The HTML draws the lines as a table (shared/mail-layout.ts), each name isolated.
    expect(confirmation!.body_html).toMatch(/<td[^>]*><bdi>[^<]+<\/bdi><\/td>/);
    expect(confirmation!.body_text).toContain("د.إ.");
    expect(confirmation!.body_text).toContain(ar.checkout.payment.cash);
    expect(confirmation!.body_text).not.toContain("AED");
    expect(confirmation!.body_html).toContain('<html lang="ar" dir="rtl">');
    expect(confirmation!.body_html).toContain(fill("ar", ar.email.order.thanks, { number: `<bdi>${number}</bdi>` }));
    await drawMail();
    const { results } = await env.DB.prepare(
      "SELECT subject, body_text FROM outbox WHERE kind = 'order-received' AND subject = ?1",
    )
      .bind(`New order ${number}`)
      .all<{ subject: string; body_text: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.body_text).toContain("Payment: Cash on delivery");
    expect(results[0]!.body_text).toContain("Total: AED ");
  });

  it("keeps the English confirmation word for word, with an HTML part in English", async () => {
    const { number, email } = await placeOrder("");
    const [confirmation] = await mailsTo(email, "order-confirmation");
    expect(confirmation!.subject).toBe(`Your Noor Beauty order ${number}`);
    expect(confirmation!.body_text).toMatch(
      new RegExp(
        `^Dear Mariam,\\n\\nThank you for your order ${number}\\. We will call you to confirm delivery\\.\\n\\n- 1 × .+ — AED \\d+\\.\\d\\d\\n`,
      ),
    );
    expect(confirmation!.body_text).toContain(
      "Delivery via transport company: Villa 12, Al Wasl Road, Dubai, Dubai\nPayment: Cash on delivery\n\n",
    );
    expect(confirmation!.body_text).toMatch(/The final delivery cost may be calculated by a manager/);
    expect(confirmation!.body_html).toContain('<html lang="en" dir="ltr">');
  });

  it("writes a status e-mail in the order's language", async () => {
    const link = mailLink("https://shop.example/cart/order/NB-2612-AAAAAA?key=k");
    const arabic = await placeOrder("/ar");
    const order = (await findOrderByNumber(env.DB, arabic.number))!;
    expect(order.locale).toBe("ar");
    const shipped = statusMail(order, "shipped", { carrier: "Aramex", trackingNumber: "AX1" }, link);
    expect(shipped.subject).toBe(
      fill("ar", ar.email.status.subject, { number: order.number, status: ar.orders.status.shipped }),
    );
    expect(shipped.text).toContain(fill("ar", ar.email.status.shipped, { carrier: "Aramex", tracking: "AX1" }));
    expect(shipped.html).toContain('dir="rtl"');
    const english = (await findOrderByNumber(env.DB, (await placeOrder("")).number))!;
    const cancelled = statusMail(english, "cancelled", {}, link, "Out of stock.");
    expect(cancelled.subject).toBe(`Your Noor Beauty order ${english.number}: Cancelled`);
    expect(cancelled.text).toBe(
      `Dear Mariam,\n\nYour order has been cancelled. If you paid by card, the payment is refunded to your card.\n\nReason given: “Out of stock.”\n\nOrder ${english.number} — status: Cancelled.\n\nSee your order at any time:\n${link.href}\n\nNoor Beauty`,
    );
  });
});

describe("the shop's own cancel of an unpaid card order", SLOW, () => {
  it("tells the shopper in the order's language", async () => {
    const secret = "whsec_language_0123456789";
    const cardEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_language", STRIPE_WEBHOOK_SECRET: secret };
    const reference = `cs_test_${crypto.randomUUID()}`;
    const email = uniqueShopper("card-ar").email;
    const { number } = await orderHolding([{ sku: await countedSku(3), quantity: 1 }], { reference, email });
    await env.DB.prepare("UPDATE orders SET locale = 'ar' WHERE number = ?1").bind(number).run();
    const body = JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      object: "event",
      type: "checkout.session.expired",
      data: { object: { id: reference, object: "checkout.session", payment_status: "unpaid" } },
    });
    const res = await appRequest(
      `${ORIGIN}/api/payments/webhook`,
      {
        method: "POST",
        body,
        headers: { "Stripe-Signature": await stripeSignature(secret, body), "Content-Type": "application/json" },
      },
      cardEnv,
    );
    expect(res.status).toBe(200);
    const [mail] = await mailsTo(email, "order-cancelled");
    expect(mail!.subject).toBe(fill("ar", ar.email.cardCancelled.subject, { number }));
    expect(mail!.body_text).toContain(
      fill("ar", ar.email.cardCancelled.why, { number, why: ar.email.cardCancelled.expired }),
    );
    expect(mail!.body_html).toContain('<html lang="ar" dir="rtl">');
  });
});

/** A shade the CMS sells, none on hand, not used by the stock-alert tests' own offsets (from the end). */
async function soldOutShade(offset: number) {
  const row = await env.DB.prepare(
    `SELECT p.slug, c.slug AS category, v.sku FROM cms_product_variants v
     JOIN cms_products p ON p.id = v.product_id JOIN cms_categories c ON c.id = p.category_id
     WHERE v.kind = 'shade' AND COALESCE(v.availability, p.availability) = 'in_stock'
     ORDER BY v.id DESC LIMIT 1 OFFSET ?1`,
  )
    .bind(offset)
    .first<{ slug: string; category: string; sku: string }>();
  if (!row) throw new Error("no shade in the seed");
  await setStock(row.sku, row.slug, 0);
  return row;
}

async function setStock(sku: string, slug: string, onHand: number) {
  await env.DB.prepare(
    `INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, ?3)
     ON CONFLICT (sku) DO UPDATE SET on_hand = excluded.on_hand`,
  )
    .bind(sku, slug, onHand)
    .run();
}

function subscribe(prefix: "" | "/ar", shade: { slug: string; sku: string }, email: string) {
  return fetchWorker(`${prefix}/stock-alerts`, {
    method: "POST",
    headers: {
      origin: ORIGIN,
      "content-type": "application/x-www-form-urlencoded",
      "cf-connecting-ip": uniqueIp(),
    },
    body: new URLSearchParams({ product: shade.slug, sku: shade.sku, email }),
  });
}

describe("stock alerts in Arabic", SLOW, () => {
  it("records the page's language and writes both e-mails in it, links to Arabic pages", async () => {
    const shade = await soldOutShade(0);
    const product = await fetchWorker(`/ar/catalog/${shade.category}/${shade.slug}?variant=${shade.sku}`);
    expect(product.status).toBe(200);
    const form = (await product.text()).replaceAll("<!-- -->", "");
    expect(form).toContain(ar.stockAlert.title);
    expect(form).toContain(`>${ar.stockAlert.notify}<span class="visually-hidden">: `);
    expect(form).not.toContain("Tell me when");
    expect(form).not.toContain("Notify me");
    const email = uniqueShopper("alert-ar").email;
    const res = await subscribe("/ar", shade, email);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/ar\/catalog\//);
    const row = await env.DB.prepare("SELECT locale, item_name FROM stock_alerts WHERE email = ?1")
      .bind(email)
      .first<{ locale: string; item_name: string }>();
    expect(row?.locale).toBe("ar");

    const [confirmation] = await mailsTo(email, "stock-alert-confirmation");
    expect(confirmation!.subject).toBe(fill("ar", ar.email.alertConfirm.subject, { name: row!.item_name }));
    expect(confirmation!.body_text).toContain(ar.email.alertConfirm.confirm);
    expect(confirmation!.body_html).toContain('<html lang="ar" dir="rtl">');
    const link = confirmation!.body_text.match(
      /https:\/\/shop\.example(\/ar\/stock-alerts\/confirm\/[A-Za-z0-9_-]{43})/,
    );
    expect(link).not.toBeNull();
    expect(confirmation!.body_html).toContain(`href="${ORIGIN}${link![1]}" dir="ltr"`);

    const stale = await fetchWorker(`/ar/stock-alerts/confirm/${"x".repeat(43)}`);
    expect(stale.status).toBe(404);
    expect(await stale.text()).toContain(ar.stockAlert.linkNotValidText);
    const confirmed = await fetchWorker(link![1]!);
    expect(confirmed.status).toBe(200);
    const page = await confirmed.text();
    expect(page).toContain(ar.stockAlert.confirmedHeading);
    expect(page).toContain('href="/ar/stock-alerts/unsubscribe/');

    await setStock(shade.sku, shade.slug, 4);
    expect(await queueRestockAlerts(env.DB, [shade.sku], ORIGIN)).toBe(1);
    const [restock] = await mailsTo(email, "restock-alert");
    expect(restock!.subject).toBe(fill("ar", ar.email.restock.subject, { name: row!.item_name }));
    expect(restock!.body_text).toContain(`${ORIGIN}/ar/catalog/${shade.category}/${shade.slug}?variant=`);
    expect(restock!.body_text).toMatch(/لإيقاف هذا التنبيه: https:\/\/shop\.example\/ar\/stock-alerts\/unsubscribe\//);
    expect(restock!.body_html).toContain('dir="rtl"');
  });

  it("answers refusals in Arabic, and the English confirmation stays word for word", async () => {
    const shade = await soldOutShade(1);
    const bad = await fetchWorker("/ar/stock-alerts", {
      method: "POST",
      headers: {
        origin: ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": uniqueIp(),
        accept: "application/json",
      },
      body: new URLSearchParams({ product: shade.slug, sku: shade.sku, email: "nobody@" }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      ok: false,
      message: ar.stockAlert.checkField,
      errors: { email: ar.fieldErrors.emailInvalid },
    });
    const form = await fetchWorker("/ar/stock-alerts", {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() },
      body: new URLSearchParams({ product: shade.slug, sku: shade.sku, email: "" }),
    });
    expect(form.status).toBe(422);
    const html = await form.text();
    expect(html).toContain(ar.fieldErrors.emailMissing);
    expect(html).toContain(ar.stockAlert.title.replace("'", "&#x27;"));
    expect(html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, "")).not.toContain("Tell me when");

    const email = uniqueShopper("alert-en").email;
    expect((await subscribe("", shade, email)).status).toBe(303);
    const [confirmation] = await mailsTo(email, "stock-alert-confirmation");
    const item = (await env.DB.prepare("SELECT item_name FROM stock_alerts WHERE email = ?1")
      .bind(email)
      .first<{ item_name: string }>())!.item_name;
    expect(confirmation!.subject).toBe(`Confirm your alert for ${item}`);
    expect(confirmation!.body_text).toMatch(
      new RegExp(
        `^Hello,\\n\\nYou asked Noor Beauty to e-mail you once when .+ is back in stock\\.\\nPlease confirm with this link:\\n${ORIGIN}/stock-alerts/confirm/[A-Za-z0-9_-]{43}\\n\\nIf you did not ask for this, ignore this e-mail: without your confirmation we will not write to you about it\\.$`,
      ),
    );
  });
});
