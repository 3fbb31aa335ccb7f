import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { translator } from "../../shared/i18n/translator";
import { formatPrice } from "../../shared/money";
import { whatsappDigits, whatsappLink } from "../../shared/whatsapp-link";
import { confirmOrderText, orderBagText } from "../../shared/whatsapp-messages";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * WhatsApp links (shared/whatsapp-link.ts, docs/promotions.md): "Confirm on WhatsApp" after a cash order,
 * on its page and in its e-mail, and "Order on WhatsApp" on the bag, each a chat with the shop's number
 * from the contacts record with the words typed in the shopper's language, encoded so they decode exact.
 */
const SHOP = "971504127730";
const plainText = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&nbsp;", " ");

/** The decoded text of the wa.me link beside `label` in a page (the one link with that label). */
function chatText(html: string, label: string): string {
  const links = [...plainText(html).matchAll(/<a [^>]*href="(https:\/\/wa\.me\/[^"]+)"[^>]*>(?:(?!<\/a>).)*<\/a>/gs)];
  const link = links.find((m) => m[0].includes(label));
  expect(link, `a wa.me link labelled ${label}`).toBeDefined();
  const url = new URL(link![1]!);
  expect(url.pathname).toBe(`/${SHOP}`);
  return url.searchParams.get("text")!;
}

describe("wa.me links", () => {
  it("takes the number's digits from a link or a phone, and decodes back to the exact text in both languages", () => {
    expect(whatsappDigits("https://wa.me/971504127730")).toBe(SHOP);
    expect(whatsappDigits("+971 50 412 7730")).toBe(SHOP);
    expect(whatsappDigits("050 412 7730")).toBe(SHOP);
    expect(whatsappDigits("00971504127730")).toBe(SHOP);
    expect(whatsappDigits("call us")).toBeNull();
    expect(whatsappDigits(null)).toBeNull();
    const order = {
      number: "N-2026-0001",
      lines: [
        { quantity: 2, name: "Rose & Oud Mist — 50 ml", lineTotal: 12000 },
        { quantity: 1, name: "كريم الورد #3?", lineTotal: 4550 },
      ],
      total: 16550,
      delivery: "transport" as const,
      address: "Villa 12, Al Wasl Road",
      city: "Dubai",
      region: "Dubai",
    };
    for (const locale of ["en", "ar"] as const) {
      const text = confirmOrderText(translator(locale), order);
      const link = whatsappLink(SHOP, text);
      expect(link).toMatch(/^https:\/\/wa\.me\/971504127730\?text=[A-Za-z0-9%_.!~*'()-]+$/);
      expect(new URL(link).searchParams.get("text")).toBe(text);
      expect(decodeURIComponent(link.split("?text=")[1]!)).toBe(text);
    }
    expect(confirmOrderText(translator("ar"), order)).toContain("مرحبًا، أودّ تأكيد طلبي رقم N-2026-0001.");
    expect(confirmOrderText(translator("en"), order).split("\n")).toEqual([
      "Hello, I would like to confirm my order N-2026-0001.",
      "2 × Rose & Oud Mist — 50 ml: AED 120.00",
      "1 × كريم الورد #3?: AED 45.50",
      "Total: AED 165.50",
      "Address: Villa 12, Al Wasl Road, Dubai, Dubai",
    ]);
    expect(orderBagText(translator("en"), order.lines, 16550).split("\n")[0]).toBe("Hello, I would like to order:");
  });
});

describe("Confirm on WhatsApp after a cash order", () => {
  for (const prefix of ["", "/ar"] as const) {
    it(`is on the confirmation page and in the e-mail, in the order's language (${prefix || "/en"})`, async () => {
      const locale = prefix === "/ar" ? "ar" : "en";
      const t = translator(locale);
      const shopper = new Browser();
      const [slug] = await productSlugs("in_stock", 1);
      await shopper.post(`${prefix}/cart/add`, { slug: slug!, quantity: "2" }, { from: null });
      const email = `cash-${crypto.randomUUID().slice(0, 8)}@example.ae`;
      const placed = await shopper.post(
        `${prefix}/cart/order`,
        { idempotencyKey: crypto.randomUUID(), ...customer, email },
        { from: null },
      );
      expect(placed.status).toBe(303);
      const location = placed.headers.get("location")!;
      const number = location.split("/").pop()!;
      const page = await (await shopper.get(location)).text();
      const text = chatText(page, t.m.whatsapp.confirm);
      const row = (await env.DB.prepare("SELECT total FROM orders WHERE number = ?1")
        .bind(number)
        .first<{ total: number }>())!;
      const lines = text.split("\n");
      expect(lines[0]).toBe(t.fill(t.m.whatsapp.confirmText, { number }));
      expect(lines[1]).toMatch(/^2 × .+: /);
      // The emirate in the order's language, the parts joined by its comma (shared/address-words.ts).
      const address = locale === "ar" ? "Villa 12, Al Wasl Road، Dubai، دبي" : "Villa 12, Al Wasl Road, Dubai, Dubai";
      expect(text).toContain(t.fill(t.m.whatsapp.address, { address }));
      expect(lines).toContain(t.fill(t.m.whatsapp.total, { total: formatPrice(locale, row.total) }));
      // The e-mail links the same chat, with the same words.
      await drawMail();
      const mail = (await env.DB.prepare(
        "SELECT body_text FROM outbox WHERE recipient = ?1 AND kind = 'order-confirmation'",
      )
        .bind(email)
        .first<{ body_text: string }>())!;
      const inMail = /https:\/\/wa\.me\/\S+/.exec(mail.body_text)?.[0];
      expect(inMail).toBeDefined();
      expect(new URL(inMail!.replace(/\u2069$/, "")).searchParams.get("text")).toBe(text);
    });
  }

  it("is not offered after a card order's page, nor when the order is not cash", async () => {
    const shopper = new Browser();
    const [slug] = await productSlugs("in_stock", 1);
    await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
    const placed = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer, delivery: "pickup" },
      { from: null },
    );
    const location = placed.headers.get("location")!;
    const number = location.split("/").pop()!;
    await env.DB.prepare("UPDATE orders SET payment_method = 'online' WHERE number = ?1").bind(number).run();
    expect(await (await shopper.get(location)).text()).not.toContain("Confirm on WhatsApp");
  });
});

describe("a Local Pickup order's words", () => {
  for (const prefix of ["", "/ar"] as const) {
    it(`speak of collecting, never of a delivery, on its page and in its e-mail (${prefix || "/en"})`, async () => {
      const t = translator(prefix === "/ar" ? "ar" : "en");
      const shopper = new Browser();
      const [slug] = await productSlugs("in_stock", 1);
      await shopper.post(`${prefix}/cart/add`, { slug: slug!, quantity: "1" }, { from: null });
      const email = `pickup-${crypto.randomUUID().slice(0, 8)}@example.ae`;
      const placed = await shopper.post(
        `${prefix}/cart/order`,
        { idempotencyKey: crypto.randomUUID(), ...customer, delivery: "pickup", email },
        { from: null },
      );
      expect(placed.status).toBe(303);
      const page = plainText(await (await shopper.get(placed.headers.get("location")!)).text());
      expect(page).toContain(t.m.orders.readyToCollect);
      expect(page).toContain(t.m.whatsapp.confirmNotePickup);
      expect(page).not.toContain(t.m.checkout.shippingNote);
      expect(page).not.toContain(t.m.whatsapp.confirmNote);
      await drawMail();
      const mail = (await env.DB.prepare(
        "SELECT body_text FROM outbox WHERE recipient = ?1 AND kind = 'order-confirmation'",
      )
        .bind(email)
        .first<{ body_text: string }>())!;
      const number = placed.headers.get("location")!.split("/").pop()!;
      expect(mail.body_text.replace(/[\u2066-\u2069]/g, "")).toContain(
        t.fill(t.m.email.order.thanksPickup, { number }),
      );
      expect(mail.body_text).not.toContain(t.m.checkout.shippingNote);
    });
  }
});

describe("Order on WhatsApp on the bag", () => {
  it("opens a chat with the bag's lines, quantities and total", async () => {
    const shopper = new Browser();
    const [slug] = await productSlugs("in_stock", 1);
    await shopper.post("/cart/add", { slug: slug!, quantity: "3" }, { from: null });
    const html = await (await shopper.get("/cart")).text();
    const text = chatText(html, "Order on WhatsApp");
    const total = /Total<\/dt><dd>(AED [\d,.]+)/.exec(plainText(html))?.[1];
    const lines = text.split("\n");
    expect(lines[0]).toBe("Hello, I would like to order:");
    expect(lines[1]).toMatch(/^3 × .+: AED [\d,.]+$/);
    expect(lines.at(-1)).toBe(`Total: ${total}`);
  });
});

describe("cash orders on the desk's order list", () => {
  it("each waiting for confirmation has a message to the shopper in the order's language", async () => {
    const place = async (prefix: "" | "/ar") => {
      const shopper = new Browser();
      const [slug] = await productSlugs("in_stock", 1);
      await shopper.post(`${prefix}/cart/add`, { slug: slug!, quantity: "1" }, { from: null });
      const placed = await shopper.post(
        `${prefix}/cart/order`,
        { idempotencyKey: crypto.randomUUID(), ...customer, delivery: "pickup" },
        { from: null },
      );
      return placed.headers.get("location")!.split("/").pop()!;
    };
    const waiting = await place("/ar");
    const confirmed = await place("");
    await env.DB.prepare(
      "UPDATE orders SET cod_confirmed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 minute') WHERE number = ?1",
    )
      .bind(confirmed)
      .run();
    const { browser: staff } = await signedIn("staff");
    const html = plainText(await (await staff.get("/staff/orders")).text());
    expect(html.indexOf(waiting)).toBeGreaterThan(0);
    expect(html.indexOf(confirmed)).toBeGreaterThan(0);
    const row = html.slice(html.indexOf(waiting), html.indexOf("</tr>", html.indexOf(waiting)));
    const href = /href="(https:\/\/wa\.me\/[^"]+)"[^>]*>Message on WhatsApp</.exec(row)?.[1];
    expect(href).toBeDefined();
    const url = new URL(href!);
    expect(url.pathname).toBe("/971501234567");
    const t = translator("ar");
    expect(url.searchParams.get("text")).toBe(
      t.fill(t.m.whatsapp.staffTextPickup, { name: "Mariam", number: waiting }),
    );
    const other = html.slice(html.indexOf(confirmed), html.indexOf("</tr>", html.indexOf(confirmed)));
    expect(other).not.toContain("Message on WhatsApp");
  });
});
