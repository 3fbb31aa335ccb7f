import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { fakeInstalmentsEachTest, instalmentEnv, placeInstalmentOrder, statusOf } from "./support/instalment-orders";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * An instalment order's page and e-mails name the provider the shopper chose, never "the card payment"
 * (docs/decisions/0122-an-instalment-order-names-its-provider.md), and while it waits they say how to
 * finish paying: on the provider's page, whose address the order keeps.
 */
const fake = fakeInstalmentsEachTest();

const send = (path: string, init?: RequestInit) => appRequest(`https://shop.example${path}`, init, instalmentEnv);

async function mailsTo(email: string) {
  await drawMail();
  const { results } = await env.DB.prepare("SELECT subject, body_text FROM outbox WHERE recipient = ?1 ORDER BY id")
    .bind(email)
    .all<{ subject: string; body_text: string }>();
  return results;
}

async function emailOf(number: string): Promise<string> {
  return (await env.DB.prepare("SELECT email FROM orders WHERE number = ?1").bind(number).first<{ email: string }>())!
    .email;
}

/** The order page's text without tags, so a sentence split by a link reads whole. */
async function pageText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
}

describe("an instalment order awaiting payment", () => {
  it("names Tabby on the confirmation page, with the way back to Tabby's page, in English and Arabic", async () => {
    const { number, shopper, location } = await placeInstalmentOrder("tabby");
    const res = await shopper.get(`/cart/order/${number}`);
    const html = await res.clone().text();
    const text = await pageText(res);
    expect(text).toContain("We're waiting for your payment with Tabby. Finish paying on Tabby's page");
    expect(text).not.toMatch(/card payment/i);
    expect(text).toContain("Tabby: 4 interest-free payments");
    expect(html).toContain(`<a href="${location}" rel="noopener">Finish paying with Tabby</a>`);
    const ar = await pageText(await shopper.get(`/ar/cart/order/${number}`));
    expect(ar).toContain("ننتظر وصول دفعتك عبر تابي. أكمل الدفع في صفحة تابي");
    expect(ar).toContain("أكمل الدفع عبر تابي");
    expect(ar).not.toContain("بالبطاقة");
  });

  it("says Tamara's payment was not completed when the shopper comes back from it without paying", async () => {
    const { number, shopper, location } = await placeInstalmentOrder("tamara");
    const res = await shopper.get(`/cart/order/${number}?cancelled=1`);
    const html = await res.clone().text();
    const text = await pageText(res);
    expect(text).toContain("The payment with Tamara was not completed, so nothing was charged.");
    expect(text).not.toMatch(/card payment/i);
    expect(html).toContain(`href="${location}"`);
    const ar = await pageText(await shopper.get(`/ar/cart/order/${number}?cancelled=1`));
    expect(ar).toContain("لم يكتمل الدفع عبر تمارا");
  });

  it("names the provider on the guest's link page, opened by its key in another browser", async () => {
    const { number } = await placeInstalmentOrder("tamara");
    const mail = (await mailsTo(await emailOf(number))).find((m) => m.subject.includes(number));
    const key = /[?&]key=([\w-]+)/.exec(mail!.body_text)![1];
    const text = await pageText(await new Browser(send).get(`/cart/order/${number}?key=${key}`));
    expect(text).toContain("We're waiting for your payment with Tamara.");
    expect(text).toContain("Finish paying with Tamara");
  });

  it("names the provider on a signed-in shopper's order page", async () => {
    const { browser } = await signedIn("authenticated", send);
    const [slug] = await productSlugs();
    expect((await browser.post("/cart/add", { slug: slug!, quantity: "3" }, { from: null })).status).toBe(303);
    const placed = await browser.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer, delivery: "pickup", payment: "tabby" },
      { from: null },
    );
    expect(placed.headers.get("location")).toMatch(/^https:\/\/pay\.fake\/tabby\//);
    const number = (await env.DB.prepare(
      "SELECT number FROM orders WHERE payment_method = 'tabby' ORDER BY id DESC",
    ).first<{ number: string }>())!.number;
    const text = await pageText(await browser.get(`/user/orders/${number}`));
    expect(text).toContain("We're waiting for your payment with Tabby.");
    expect(text).not.toMatch(/card payment/i);
  });

  it("shows no link to a provider's page that is not https", async () => {
    const { number, shopper } = await placeInstalmentOrder("tabby");
    await env.DB.prepare("UPDATE orders SET payment_url = 'javascript:alert(1)' WHERE number = ?1").bind(number).run();
    const html = await (await shopper.get(`/cart/order/${number}`)).text();
    expect(html).toContain("We&#x27;re waiting for your payment with Tabby.");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("Finish paying with Tabby");
  });
});

describe("an instalment order's e-mails", () => {
  async function notifyTabby(id: string, status: string) {
    const res = await send("/api/payments/tabby/webhook", {
      method: "POST",
      body: JSON.stringify({ id, status }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(200);
  }

  it("says Tabby did not approve the payment when a rejected order is let go, in the order's language", async () => {
    const { number } = await placeInstalmentOrder("tabby");
    const { id } = fake.forOrder(number)!;
    fake.decide(id, "REJECTED");
    await notifyTabby(id, "rejected");
    expect(await statusOf(number)).toBe("cancelled");
    const mails = await mailsTo(await emailOf(number));
    const release = mails.find((m) => m.subject === `Your Noor Beauty order ${number} was cancelled`)!;
    expect(release.body_text).toContain(
      `Your order ${number} was cancelled because Tabby did not approve the payment.`,
    );
    expect(release.body_text).not.toMatch(/card/i);
  });

  it("says Tabby gives the money back when the desk cancels a paid order", async () => {
    const { number } = await placeInstalmentOrder("tabby");
    const { id } = fake.forOrder(number)!;
    fake.decide(id, "AUTHORIZED");
    await notifyTabby(id, "authorized");
    expect(await statusOf(number)).toBe("paid");
    const { browser } = await signedIn("staff", send);
    const version = (await env.DB.prepare("SELECT version FROM orders WHERE number = ?1")
      .bind(number)
      .first<{ version: number }>())!.version;
    const res = await browser.post(
      `/staff/orders/${number}`,
      { version: String(version), action: "cancel", confirmed: "yes", reason: "Out of stock." },
      { from: null },
    );
    expect(res.status).toBe(303);
    expect(await statusOf(number)).toBe("cancelled");
    const status = (await mailsTo(await emailOf(number))).find(
      (m) => m.subject === `Your Noor Beauty order ${number}: Cancelled`,
    )!;
    expect(status.body_text).toContain(
      "Your order has been cancelled. If you paid with Tabby, we ask Tabby to give back what you paid and to cancel the payments still to come.",
    );
    expect(status.body_text).toContain("Reason given: “Out of stock.”");
    expect(status.body_text).not.toMatch(/card/i);
  });
});
