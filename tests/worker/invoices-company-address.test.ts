import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { farShop } from "./support/far-shop";
import { deliverThroughDesk, documentsOf, setSeller } from "./support/invoice-orders";
import { customer, productSlugs } from "./support/shop-fixtures";
import { text } from "./support/vat-register";

/**
 * A VAT-registered business buyer's own address (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md,
 * migrations/0158_business_buyer_address.sql): asked beside the company's name and TRN, required with a TRN,
 * kept in the order's batch, and printed on its full tax invoice as the buyer's address, also for an order
 * picked up (which has no delivery address to print).
 */

const BUSINESS = { company: "Al Noor Salon LLC", trn: "100987654300003" };
const PICKUP = { delivery: "pickup", address: "", city: "", region: "" };

async function shopperWithBag(send?: ConstructorParameters<typeof Browser>[0]): Promise<Browser> {
  const shopper = new Browser(send);
  const [slug] = await productSlugs("in_stock", 1);
  expect((await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
  return shopper;
}

async function orderCount(): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())!.n;
}

/** Places a cash order through the checkout and delivers it on the desk: its invoice is issued then. */
async function deliveredBusinessOrder(companyAddress: string) {
  const shopper = await shopperWithBag();
  const form = { idempotencyKey: crypto.randomUUID(), ...customer, ...PICKUP, ...BUSINESS, companyAddress };
  const res = await shopper.post("/cart/order", form, { from: null });
  expect(res.status).toBe(303);
  const number = decodeURIComponent(new URL(res.headers.get("location")!, "https://shop.example").pathname)
    .split("/")
    .at(-1)!;
  await deliverThroughDesk(number);
  const row = (await env.DB.prepare("SELECT id, access_token FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ id: number; access_token: string }>())!;
  const page = await new Browser().get(`/cart/order/${number}/invoice?key=${row.access_token}`);
  expect(page.status).toBe(200);
  return { id: row.id, html: await page.text() };
}

beforeAll(async () => {
  await setSeller();
});

describe("a business buyer's company address at checkout", () => {
  it("is asked beside the company's name and TRN", async () => {
    const html = await (await (await shopperWithBag()).get("/cart/order")).text();
    expect(html).toMatch(/<label for="field-companyAddress">Company address/);
    expect(html).toMatch(
      /id="field-companyAddress"[^>]*maxLength="300"|maxLength="300"[^>]*id="field-companyAddress"/i,
    );
  });

  it("is asked for with a TRN, beside the field in English and in Arabic, and nothing is written", async () => {
    const shopper = await shopperWithBag();
    const before = await orderCount();
    const buyers = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_business_buyers").first<{ n: number }>();
    const form = { idempotencyKey: crypto.randomUUID(), ...customer, ...PICKUP, ...BUSINESS, companyAddress: "  " };
    const res = await shopper.post("/cart/order", form, { from: null });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toMatch(/id="field-companyAddress"[^>]*aria-invalid="true"/);
    expect(html).toMatch(
      /<p class="field-error" id="field-companyAddress-error">.*Enter the company&#x27;s address as registered for VAT: its tax invoice shows it\./,
    );
    const arabic = await shopper.post("/ar/cart/order", form, { from: null });
    expect(arabic.status).toBe(422);
    expect(text(await arabic.text())).toContain("أدخل عنوان الشركة كما هو مسجّل لدى ضريبة القيمة المضافة");
    expect(await orderCount()).toBe(before);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM order_business_buyers").first<{ n: number }>()).toEqual(
      buyers,
    );
  });

  it("is not asked for without a TRN: a shopper who is not a business leaves all three empty", async () => {
    const shopper = await shopperWithBag();
    const res = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer, ...PICKUP, company: "", trn: "", companyAddress: "" },
      { from: null },
    );
    expect(res.status).toBe(303);
  });

  it("is kept in the order's own batch: a pickup business order still costs two round trips", async () => {
    const shop = farShop();
    const shopper = await shopperWithBag(shop.send);
    shop.reset();
    const res = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer, ...PICKUP, ...BUSINESS, companyAddress: "Shop 4, Dubai" },
      { from: null },
    );
    expect(res.status).toBe(303);
    expect(shop.d1.roundTrips - shop.d1.nearRoundTrips).toBeLessThanOrEqual(2);
    const number = res.headers.get("location")!.split("/").at(-1)!;
    const buyer = await env.DB.prepare(
      "SELECT b.company, b.trn, b.address FROM order_business_buyers b JOIN orders o ON o.id = b.order_id WHERE o.number = ?1",
    )
      .bind(decodeURIComponent(number))
      .first();
    expect(buyer).toEqual({ ...BUSINESS, address: "Shop 4, Dubai" });
  });
});

describe("a business buyer's full tax invoice", () => {
  it("prints the company's address as the buyer's for an order picked up", async () => {
    const address = "Office 802, Al Khaleej Tower, Deira, Dubai";
    const { id, html } = await deliveredBusinessOrder(address);
    const [invoice] = await documentsOf(id);
    expect(invoice?.snapshot.buyer).toMatchObject({ ...BUSINESS, companyAddress: address, address: null });
    const page = text(html);
    expect(page).toContain("Tax invoice to a VAT-registered business.");
    const buyer = html.slice(html.lastIndexOf('class="invoice-party"'));
    expect(text(buyer)).toContain(`${BUSINESS.company}`);
    expect(text(buyer)).toContain(address);
    expect(text(buyer)).toContain(BUSINESS.trn);
  });

  it("escapes hostile text in the company's address", async () => {
    const hostile = `<img src=x onerror="alert(1)">Unit 3 & "Co" </p><script>alert(2)</script>`;
    const { html } = await deliveredBusinessOrder(hostile);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>alert(2)");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Unit 3 &amp; &quot;Co&quot;");
  });
});
