import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { formatPrice } from "../../shared/money";
import { resetPasswordMail } from "../../worker/cms/auth/auth-mail";
import { mailLink } from "../../worker/platform/mail/shopper-mail";
import { confirmationMail as stockAlertMail } from "../../worker/platform/mail/stock-alert-mails";
import { CARRIERS, trackingUrl } from "../../worker/platform/orders/carriers";
import type { Order } from "../../worker/platform/orders/order-record";
import { findOrderByNumber } from "../../worker/platform/orders/order-store";
import { statusMail } from "../../worker/screens/staff/orders/order-mail";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * The shopper's e-mails in the shop's look (shared/mail-layout.ts): an HTML part with
 * the shop's name and colours beside the plain text, an order's lines and totals, the shop's contacts
 * from the CMS, and for a shipped order the chosen carrier's tracking page. Every value escaped.
 */

async function placedOrder(prefix = "") {
  const [slug] = await productSlugs();
  const guest = new Browser();
  expect((await guest.post("/cart/add", { slug: slug!, quantity: "2" }, { from: null })).status).toBe(303);
  const email = `look.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  const res = await guest.post(
    `${prefix}/cart/order`,
    { ...customer, email, idempotencyKey: crypto.randomUUID() },
    { from: null },
  );
  expect(res.status).toBe(303);
  const number = res.headers.get("location")!.split("/").pop()!;
  return { number, email, order: (await findOrderByNumber(env.DB, number))! };
}

async function mailOf(email: string, kind: string) {
  await drawMail();
  return (await env.DB.prepare(
    "SELECT subject, body_text, body_html FROM outbox WHERE recipient = ?1 AND kind = ?2 ORDER BY id DESC",
  )
    .bind(email, kind)
    .first<{ subject: string; body_text: string; body_html: string }>())!;
}

/** The money as the e-mail writes it, its spaces as the HTML escapes them. */
const money = (locale: "en" | "ar", fils: number) => formatPrice(locale, fils).replaceAll("\u00a0", "&nbsp;");

describe("the shopper's e-mails in the shop's look", () => {
  it("sends the confirmation with its lines, subtotal, delivery, VAT, total and the shop's contacts", async () => {
    const { email, order } = await placedOrder();
    const mail = await mailOf(email, "order-confirmation");
    const html = mail.body_html;
    expect(html).toContain("background:#FBF8F4");
    expect(html).toContain("color:#9A5663");
    expect(html).toMatch(/<table[^>]*>[\s\S]*Subtotal[\s\S]*Delivery[\s\S]*VAT 5% \(included\)[\s\S]*Total/);
    for (const fils of [order.totals.subtotal, order.totals.vat, order.totals.total, order.lines[0]!.lineTotal]) {
      expect(html).toContain(money("en", fils).replaceAll("&nbsp;", "\u00a0"));
    }
    expect(html).toContain(order.lines[0]!.name);
    // The contacts record of the CMS, at the foot of both parts.
    expect(html).toContain('<bdi dir="ltr">+971 4 330 2188</bdi>');
    expect(html).toContain('<bdi dir="ltr">hello@noorbeauty.ae</bdi>');
    expect(mail.body_text).toMatch(/\n\nNoor Beauty\n\+971 4 330 2188\nhello@noorbeauty\.ae$/);
    // The plain text is still sent, its lines as they were.
    expect(mail.body_text).toMatch(/- 2 × .+ — AED \d+\.\d\d\n/);
  });

  it("writes an Arabic order's e-mail right to left, names isolated", async () => {
    const { email } = await placedOrder("/ar");
    const mail = await mailOf(email, "order-confirmation");
    expect(mail.body_html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.body_html).toContain(ar.bag.subtotal);
    expect(mail.body_html).toContain(ar.bag.total);
    expect(mail.body_html).toMatch(/<td[^>]*text-align:right[^>]*><bdi>[^<]+<\/bdi><\/td>/);
  });

  it("lists each discount by name and amount in the confirmation and in every later e-mail, the totals adding up", async () => {
    const code = `LOOK${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    const name = `Loyalty ${code.slice(-4)}`;
    const { meta } = await env.DB.prepare(
      "INSERT INTO promotions (name, applies, gives_json, combinable) VALUES (?1, 'code', ?2, 1)",
    )
      .bind(name, JSON.stringify({ kind: "fixed", amount: 1500 }))
      .run();
    await env.DB.prepare("INSERT INTO promotion_codes (code, promotion_id) VALUES (?1, ?2)")
      .bind(code, meta.last_row_id)
      .run();
    try {
      const [slug] = await productSlugs();
      const guest = new Browser();
      await guest.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
      expect((await guest.post("/cart/code", { code }, { from: null })).status).toBe(303);
      const email = `discount.${crypto.randomUUID().slice(0, 8)}@example.ae`;
      const res = await guest.post(
        "/cart/order",
        { ...customer, email, idempotencyKey: crypto.randomUUID() },
        { from: null },
      );
      const number = res.headers.get("location")!.split("/").pop()!;
      const order = (await findOrderByNumber(env.DB, number))!;
      expect(order.discounts).toEqual([expect.objectContaining({ name, amount: 1500 })]);
      const { subtotal, delivery, codFee, total } = order.totals;
      expect(subtotal - 1500 + delivery + codFee).toBe(total);
      const confirmation = await mailOf(email, "order-confirmation");
      expect(confirmation.body_html).toContain(`<bdi>${name}</bdi></th>`);
      expect(confirmation.body_html).toContain(`−${money("en", 1500)}`);
      expect(confirmation.body_text).toContain(name);
      // A later e-mail's table is the same order: its discount is there too, or it would not add up.
      const { browser: staff } = await signedIn("staff");
      const version = String(
        await env.DB.prepare("SELECT version FROM orders WHERE number = ?1").bind(number).first<number>("version"),
      );
      const confirmed = await staff.post(`/staff/orders/${number}`, { action: "confirm", version }, { from: null });
      expect(confirmed.status).toBe(303);
      const status = await mailOf(email, "order-status");
      expect(status.body_html).toContain(`<bdi>${name}</bdi></th>`);
      expect(status.body_html).toContain(`−${money("en", 1500)}`);
      expect(status.body_html).toContain(money("en", total));
    } finally {
      await env.DB.prepare("DELETE FROM promotions WHERE id = ?1").bind(meta.last_row_id).run();
    }
  });

  it("links a shipped order's e-mail to the chosen carrier's tracking page, the number encoded", async () => {
    const { number, email } = await placedOrder();
    const { browser: staff } = await signedIn("staff");
    const version = async () =>
      String(
        await env.DB.prepare("SELECT version FROM orders WHERE number = ?1").bind(number).first<number>("version"),
      );
    const confirm = { action: "confirm", version: await version() };
    expect((await staff.post(`/staff/orders/${number}`, confirm, { from: null })).status).toBe(303);
    // A cash parcel leaves once confirmed with the shopper (decision 0132).
    const withShopper = { action: "shopper-confirmed", version: await version() };
    expect((await staff.post(`/staff/orders/${number}`, withShopper, { from: null })).status).toBe(303);
    const page = await (await staff.get(`/staff/orders/${number}`)).text();
    expect(page).toMatch(/<select[^>]*name="carrier"/);
    for (const carrier of CARRIERS) expect(page).toContain(`<option value="${carrier.id}">`);
    const wrong = await staff.post(
      `/staff/orders/${number}`,
      { action: "ship", version: await version(), carrier: "Pony Express", trackingNumber: "1" },
      { from: null },
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("Choose the carrier from the list.");
    const res = await staff.post(
      `/staff/orders/${number}`,
      { action: "ship", version: await version(), carrier: "dhl-express", trackingNumber: "JD 0146&x=<1>" },
      { from: null },
    );
    expect(res.status).toBe(303);
    const mail = await mailOf(email, "order-status");
    const url =
      "https://www.dhl.com/ae-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD%200146%26x%3D%3C1%3E";
    expect(trackingUrl("DHL Express", "JD 0146&x=<1>")).toBe(url);
    expect(mail.body_text).toContain(`Follow your parcel on DHL Express's site:\n${url}`);
    expect(mail.body_html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
    expect(mail.body_html).toContain("JD 0146&amp;x=&lt;1&gt;");
    expect(mail.body_html).not.toContain("<1>");
    expect(mail.body_html).toContain('<bdi dir="ltr">hello@noorbeauty.ae</bdi>');
    expect(mail.body_html).toMatch(/Total/);
  });

  it("names no tracking page for a carrier without one, nor for one typed by hand before the list", () => {
    expect(trackingUrl("Other", "X1")).toBeNull();
    expect(trackingUrl("Fast Couriers LLC", "X1")).toBeNull();
    const order = {
      number: "NB-2612-AAAAAA",
      locale: "en",
      email: "a@example.ae",
      firstName: "<b>Mariam</b>",
      lines: [{ name: 'Serum "<script>"', quantity: 1, lineTotal: 1000 }],
      totals: { subtotal: 1000, delivery: 0, vat: 48, total: 1000 },
      discounts: [],
    } as unknown as Order;
    const link = mailLink("https://shop.example/cart/order/NB-2612-AAAAAA?key=k");
    const mail = statusMail(order, "shipped", { carrier: "Other", trackingNumber: "X1" }, link, undefined, {
      company: "Noor & <Co>",
      phone: "+971 4 330 2188",
      email: "hello@noorbeauty.ae",
    });
    expect(mail.text).toContain("Your order is on its way with our courier. Tracking number: X1.");
    expect(mail.text).not.toContain("site:");
    expect(mail.html).toContain("Serum &quot;&lt;script&gt;&quot;");
    expect(mail.html).toContain("&lt;b&gt;Mariam&lt;/b&gt;");
    expect(mail.html).toContain("Noor &amp; &lt;Co&gt;");
    expect(mail.html).not.toContain("<script>");
  });

  it("draws the account e-mails in the shop's look, Arabic right to left", () => {
    const mail = resetPasswordMail("a@example.ae", "https://shop.example/ar/user/password/reset?code=a<b", "ar");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain("background:#FBF8F4");
    expect(mail.html).toContain(ar.email.shop);
    expect(mail.html).toContain(ar.accountMail.reset.button);
    expect(mail.html).not.toContain("a<b");
  });

  it("draws the stock alert's e-mails in the shop's look too", () => {
    const mail = stockAlertMail("ar", "a@example.ae", "Velvet <Hue>", "https://shop.example/stock-alerts/confirm/x");
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain("background:#FBF8F4");
    expect(mail.html).toContain(ar.email.shop);
    expect(mail.html).toContain("Velvet &lt;Hue&gt;");
  });
});
