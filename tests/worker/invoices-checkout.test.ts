import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readTrn } from "../../shared/invoices/trn";
import { findOrderByNumber } from "../../worker/platform/orders/order-store";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { deliverThroughDesk, documentsOf, setSeller } from "./support/invoice-orders";
import { customer, productSlugs } from "./support/shop-fixtures";

/**
 * A VAT-registered business buyer at checkout (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md):
 * an optional company name and TRN, refused beside the field with a sentence in the page's language,
 * kept in the order's batch, and named on the order's full tax invoice.
 */

async function shopperWithBag(): Promise<Browser> {
  const shopper = new Browser();
  const [slug] = await productSlugs("in_stock", 1);
  expect((await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
  return shopper;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("a TRN", () => {
  it("is 15 digits, typed with spaces or dashes or in Arabic-Indic digits; anything else is not one", () => {
    expect(readTrn("100123456700003")).toBe("100123456700003");
    expect(readTrn(" 100-1234-5670-0003 ")).toBe("100123456700003");
    expect(readTrn("١٠٠١٢٣٤٥٦٧٠٠٠٠٣")).toBe("100123456700003");
    expect(readTrn("10012345670000")).toBeNull();
    expect(readTrn("1001234567000031")).toBeNull();
    expect(readTrn("10012345670000A")).toBeNull();
    expect(readTrn("")).toBeNull();
  });
});

describe("the checkout's business buyer", () => {
  it("says in one line what a company name and TRN give", async () => {
    const shopper = await shopperWithBag();
    const page = text(await (await shopper.get("/cart/order")).text());
    expect(page).toContain("Buying for a VAT-registered business?");
    expect(page).toContain("to get a full tax invoice in its name");
  });

  it("refuses a TRN that is not 15 digits beside the field, in English and in Arabic, and places nothing", async () => {
    const shopper = await shopperWithBag();
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
    const form = { idempotencyKey: crypto.randomUUID(), ...customer, company: "Al Noor Salon LLC", trn: "1234" };
    const res = await shopper.post("/cart/order", form, { from: null });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(text(html)).toContain("A TRN is 15 digits, like 100123456700003");
    expect(html).toMatch(/id="field-trn"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-trn"/);
    expect(html).toContain('value="Al Noor Salon LLC"');
    const arabic = await shopper.post("/ar/cart/order", form, { from: null });
    expect(arabic.status).toBe(422);
    expect(text(await arabic.text())).toContain("يتكوّن رقم التسجيل الضريبي من 15 رقمًا");
    const missing = await shopper.post("/cart/order", { ...form, trn: "" }, { from: null });
    expect(missing.status).toBe(422);
    expect(text(await missing.text())).toContain("A TRN is 15 digits");
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("keeps the company and TRN with the order, and its invoice on delivery is a full one naming them", async () => {
    await setSeller();
    const shopper = await shopperWithBag();
    const res = await shopper.post(
      "/cart/order",
      {
        idempotencyKey: crypto.randomUUID(),
        ...customer,
        company: "Al Noor Salon LLC",
        trn: "100 9876 5430 0003",
        companyAddress: "Office 802, Al Khaleej Tower, Dubai",
      },
      { from: null },
    );
    expect(res.status).toBe(303);
    const number = decodeURIComponent(
      new URL(res.headers.get("location")!, "https://shop.example").pathname.split("/").at(-1)!,
    );
    const order = (await findOrderByNumber(env.DB, number))!;
    const buyer = await env.DB.prepare("SELECT company, trn, address FROM order_business_buyers WHERE order_id = ?1")
      .bind(order.id)
      .first();
    expect(buyer).toEqual({
      company: "Al Noor Salon LLC",
      trn: "100987654300003",
      address: "Office 802, Al Khaleej Tower, Dubai",
    });
    // The confirmation e-mail links to the invoice page with the order's key.
    await drawMail();
    const mail = await env.DB.prepare(
      "SELECT body_text FROM outbox WHERE kind = 'order-confirmation' AND subject LIKE ?1",
    )
      .bind(`%${number}%`)
      .first<{ body_text: string }>();
    expect(mail?.body_text).toMatch(new RegExp(`/cart/order/${number}/invoice\\?key=[A-Za-z0-9_-]{22}`));
    // Placing the order issued nothing: a cash order's supply is its delivery.
    expect(await documentsOf(order.id)).toEqual([]);
    // Delivered: a cash order's supply, confirmed with the shopper before it left (decision 0132).
    await deliverThroughDesk(number);
    const [invoice] = await documentsOf(order.id);
    expect(invoice?.snapshot.buyer).toMatchObject({ company: "Al Noor Salon LLC", trn: "100987654300003" });
    expect(invoice?.snapshot.total).toBe(order.totals.total);
  });
});
