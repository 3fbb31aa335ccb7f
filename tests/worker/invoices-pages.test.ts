import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { issueInvoiceStatements } from "../../worker/platform/invoices/invoice-statements";
import { Browser } from "./support/browser-session";
import { documentsOf, orderFromQuote, SELLER, setSeller } from "./support/invoice-orders";
import { auditOf, signedIn } from "./support/staff-session";
import { quoteOf, text } from "./support/vat-register";

/**
 * The tax invoice's pages and the desk's part in it (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md):
 * who may see an invoice (its owner, its guest key, staff; anyone else the 404 of a missing order),
 * what it shows before and after issue, the seller's details on the desk, and issuing from the desk.
 */

function bag() {
  return quoteOf([
    { productSlug: "rose-balm", sku: "rb", unitPrice: 8900, quantity: 2 },
    { productSlug: "oud-mist", sku: "om", unitPrice: 12_350, quantity: 1 },
  ]);
}

async function issue(orderId: number) {
  await env.DB.batch(issueInvoiceStatements(env.DB, orderId, { sql: "1 = 1", params: [] }));
}

beforeAll(async () => {
  await setSeller();
});

describe("who sees an invoice", () => {
  it("shows the owner their tax invoice in both languages; another shopper and a stranger get the 404 of a missing order", async () => {
    const { account, browser: owner } = await signedIn("authenticated");
    const q = bag();
    const order = await orderFromQuote(q, { userId: account.id, names: ["Rose balm", "Oud mist"] });
    await issue(order.id);
    const [doc] = await documentsOf(order.id);
    const mine = await owner.get(`/user/orders/${order.number}/invoice`);
    expect(mine.status).toBe(200);
    const page = text(await mine.text());
    expect(page).toContain("Tax Invoice");
    expect(page).toContain("فاتورة ضريبية");
    expect(page).toContain(SELLER.trn);
    expect(page).toContain(SELLER.legalNameAr);
    expect(page).toContain(`INV-${String(doc!.number).padStart(6, "0")}`);
    expect(page).toContain("Simplified tax invoice");
    expect(page).toContain(`AED ${(q.total / 100).toFixed(2)}`);
    expect(page).toContain("rounded to the nearest fils");
    expect(mine.headers.get("cache-control")).toContain("no-store");

    const { browser: other } = await signedIn("authenticated");
    const theirs = await other.get(`/user/orders/${order.number}/invoice`);
    const missing = await other.get("/user/orders/NB-2612-ZZZZZZ/invoice");
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(text(await theirs.text())).not.toContain(SELLER.trn);
    // A stranger with the order's number but not its key, or a wrong key, gets the same.
    const stranger = new Browser();
    expect((await stranger.get(`/cart/order/${order.number}/invoice`)).status).toBe(404);
    expect((await stranger.get(`/cart/order/${order.number}/invoice?key=AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
  });

  it("opens a guest's invoice with the order's key, from any browser", async () => {
    const order = await orderFromQuote(bag());
    await issue(order.id);
    const guest = new Browser();
    const orderPage = await (await guest.get(`/cart/order/${order.number}?key=${order.accessToken}`)).text();
    expect(orderPage).toContain(`/cart/order/${order.number}/invoice?key=${order.accessToken}`);
    const res = await guest.get(`/cart/order/${order.number}/invoice?key=${order.accessToken}`);
    expect(res.status).toBe(200);
    expect(text(await res.text())).toContain("Tax Invoice");
  });

  it("says before issue that the page is an order confirmation, not a tax invoice", async () => {
    const order = await orderFromQuote(bag());
    const res = await new Browser().get(`/cart/order/${order.number}/invoice?key=${order.accessToken}`);
    expect(res.status).toBe(200);
    const page = text(await res.text());
    expect(page).toContain("This is an order confirmation, not a tax invoice.");
    expect(page).toContain("هذا تأكيد للطلب، وليس فاتورة ضريبية.");
    expect(page).not.toContain("INV-");
  });

  it("gives a business buyer a full tax invoice naming its company and TRN", async () => {
    const order = await orderFromQuote(bag());
    await env.DB.prepare(
      "INSERT INTO order_business_buyers (order_id, company, trn) VALUES (?1, 'Al Noor Salon LLC', '100987654300003')",
    )
      .bind(order.id)
      .run();
    await issue(order.id);
    const page = text(
      await (await new Browser().get(`/cart/order/${order.number}/invoice?key=${order.accessToken}`)).text(),
    );
    expect(page).toContain("Tax invoice to a VAT-registered business.");
    expect(page).toContain("Al Noor Salon LLC");
    expect(page).toContain("100987654300003");
  });
});

describe("the desk", () => {
  it("saves the seller's details with a TRN of 15 digits, refuses a bad one with a sentence, and an older copy", async () => {
    const { browser: staff } = await signedIn("staff");
    const current = (await env.DB.prepare("SELECT version FROM shop_settings WHERE key = 'seller'").first<{
      version: number;
    }>())!;
    const fields = {
      action: "save",
      version: String(current.version),
      legalNameEn: "Noor Beauty Trading LLC",
      legalNameAr: "نور بيوتي للتجارة ذ.م.م",
      address: "Office 1204, Al Wasl Tower, Dubai",
      trn: "100 1234 5670 0003",
    };
    const bad = await staff.post("/staff/settings/seller", { ...fields, trn: "10012345" }, { from: null });
    expect(bad.status).toBe(422);
    expect(text(await bad.text())).toContain("A TRN is 15 digits, like 100123456700003.");
    const saved = await staff.post("/staff/settings/seller", fields, { from: null });
    expect(saved.status).toBe(303);
    const row = (await env.DB.prepare("SELECT value FROM shop_settings WHERE key = 'seller'").first<{
      value: string;
    }>())!;
    expect(JSON.parse(row.value).trn).toBe("100123456700003");
    const stale = await staff.post("/staff/settings/seller", fields, { from: null });
    expect(stale.status).toBe(409);
    expect(text(await stale.text())).toContain("changed by");
    expect((await auditOf("settings", "seller")).at(-1)?.after?.trn).toBe("100123456700003");
    const page = text(await (await staff.get("/staff/settings")).text());
    expect(page).toContain("Seller for tax invoices");
  });

  it("issues an old order's invoice when staff ask, shows it to staff, and a shopper cannot reach the desk's page", async () => {
    await setSeller();
    // A cash order delivered before invoices were issued; one only confirmed may not have its invoice yet.
    const early = await orderFromQuote(bag(), { status: "processing", payment: "cash" });
    const order = await orderFromQuote(bag(), { status: "completed", payment: "cash" });
    const { browser: staff } = await signedIn("staff");
    const desk = text(await (await staff.get(`/staff/orders/${order.number}`)).text());
    expect(desk).toContain("No tax invoice is issued yet.");
    const version = (await env.DB.prepare("SELECT version FROM orders WHERE id = ?1")
      .bind(order.id)
      .first<{ version: number }>())!;
    const refused = await staff.post(
      `/staff/orders/${early.number}`,
      { action: "invoice", version: String(version.version) },
      { from: null },
    );
    expect(refused.status).toBe(422);
    expect(text(await refused.text())).toContain("A cash order's tax invoice is issued when it is delivered");
    expect(await documentsOf(early.id)).toEqual([]);
    const issued = await staff.post(
      `/staff/orders/${order.number}`,
      { action: "invoice", version: String(version.version) },
      { from: null },
    );
    expect(issued.status).toBe(303);
    const [doc] = await documentsOf(order.id);
    expect(doc?.kind).toBe("invoice");
    const page = await staff.get(`/staff/orders/${order.number}/invoice`);
    expect(page.status).toBe(200);
    expect(text(await page.text())).toContain(`INV-${String(doc!.number).padStart(6, "0")}`);
    const { browser: shopper } = await signedIn("authenticated");
    expect((await shopper.get(`/staff/orders/${order.number}/invoice`)).status).not.toBe(200);
  });

  it("cancels a paid order on the desk with a credit note naming its invoice, shown under it on the invoice page", async () => {
    await setSeller();
    const order = await orderFromQuote(bag(), { status: "paid", payment: "online" });
    await issue(order.id);
    const { browser: staff } = await signedIn("staff");
    const version = (await env.DB.prepare("SELECT version FROM orders WHERE id = ?1")
      .bind(order.id)
      .first<{ version: number }>())!;
    const cancelled = await staff.post(
      `/staff/orders/${order.number}`,
      { action: "cancel", version: String(version.version), reason: "The shade is discontinued", confirmed: "yes" },
      { from: null },
    );
    expect(cancelled.status).toBe(303);
    const [invoice, credit] = await documentsOf(order.id);
    expect(credit?.kind).toBe("credit_note");
    const page = text(
      await (await new Browser().get(`/cart/order/${order.number}/invoice?key=${order.accessToken}`)).text(),
    );
    expect(page).toContain("Tax Credit Note");
    expect(page).toContain("إشعار دائن ضريبي");
    expect(page).toContain(`CN-${String(credit!.number).padStart(6, "0")}`);
    expect(page).toContain(`This credit note cancels tax invoice INV-${String(invoice!.number).padStart(6, "0")}`);
    expect(page).toContain("The shade is discontinued");
  });
});
