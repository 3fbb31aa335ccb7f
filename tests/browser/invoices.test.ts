import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { addFirstFromCategory } from "./checkout-steps";
import { DESKTOP, expectAccessible, keepShot, launchBrowser, PHONE } from "./harness";
import { startTestShop, type TestShop } from "./shop";
import { signUpAsStaff } from "./staff-account";

/**
 * A tax invoice in Chromium (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md):
 * a business buyer orders through the checkout with its company, TRN and address, opens the invoice page from the
 * link in its e-mail (an order confirmation until staff issue the invoice on the desk), then the invoice in
 * English and Arabic at a phone's and a desktop's width, printed to an A4 PDF whose text is read back with
 * pdf.js (`pdfjs-dist`'s legacy build, the one for Node): "Tax Invoice", the seller's TRN and the total.
 * Then the desk's VAT register (decision 0121) lists it, at 390 and 1280 px.
 */
let browser: Browser;
let shop: TestShop;
/** The business buyer's own address, which its full tax invoice prints as the customer's. */
const COMPANY_ADDRESS = "Office 802, Al Khaleej Tower, Deira, Dubai";
const SELLER = {
  legalNameEn: "Noor Beauty Trading LLC",
  legalNameAr: "نور بيوتي للتجارة ذ.م.م",
  address: "Office 1204, Al Wasl Tower, Sheikh Zayed Road, Dubai",
  trn: "100123456700003",
};

beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startTestShop()]);
  await shop.execute(
    "INSERT INTO shop_settings (key, value, version) VALUES ('seller', ?1, 1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    JSON.stringify(SELLER),
  );
});
afterAll(async () => {
  await browser?.close();
  await shop?.dispose();
});

async function freshPage(viewport: { width: number; height: number } = PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: shop.url });
  return context.newPage();
}

/** The text of every page of a PDF, as pdf.js reads it (each run of text, then a space). */
async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await document.destroy();
  return pages.join("\n").replace(/\s+/g, " ");
}

/**
 * A staff member issues the order's invoice from its desk page ("Issue the tax invoice now"), as for an old
 * order; returns the staff member's page, still signed in.
 */
async function issueOnTheDesk(number: string): Promise<Page> {
  const tag = crypto.randomUUID().slice(0, 6);
  const account = { username: `layla${tag}`, email: `layla.${tag}@noorbeauty.example`, password: "Desk-shift-2026" };
  const page = await freshPage(DESKTOP);
  await signUpAsStaff(page, shop, account);
  await page.context().clearCookies();
  await page.goto(`/staff/orders/${number}`);
  await page.getByLabel("E-mail or username").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: `Order ${number}` }).waitFor();
  await page.getByText("No tax invoice is issued yet.").waitFor();
  await page.getByRole("button", { name: "Issue the tax invoice now" }).click();
  await page.getByText(/Tax invoice INV-\d{6} issued\./).waitFor();
  return page;
}

async function placeBusinessOrder(): Promise<{ number: string; email: string }> {
  const page = await freshPage();
  await addFirstFromCategory(page, "/catalog/skincare", en);
  await page.goto("/cart/order");
  await page.getByRole("radio", { name: en.checkout.delivery.pickup }).check();
  const labels = en.checkout.labels;
  const email = `buyer.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  await page.getByLabel(labels.firstName, { exact: false }).first().fill("Mariam");
  await page.getByLabel(labels.lastName, { exact: false }).first().fill("Al Suwaidi");
  await page.getByLabel(labels.email, { exact: false }).first().fill(email);
  await page.getByLabel(labels.phone, { exact: false }).first().fill("050 123 4567");
  await page.getByLabel(labels.company).fill("Al Noor Salon LLC");
  // A TRN one digit short: refused beside the field, nothing placed.
  await page.getByLabel(labels.trn).fill("10098765430000");
  await page.getByRole("checkbox", { name: en.checkout.consent }).check();
  const place = page.getByRole("button", { name: new RegExp(`^${en.checkout.placeOrder.split("·")[0]!.trim()}`) });
  await place.click();
  await page.getByText(en.checkout.errors.trn).first().waitFor();
  await page.getByLabel(labels.trn).fill("100-9876-5430-0003");
  // A TRN without the company's address: asked for beside the field (a pickup has no address to print).
  await place.click();
  await page.getByText(en.checkout.errors.companyAddress).first().waitFor();
  await page.getByLabel(labels.companyAddress).fill(COMPANY_ADDRESS);
  await place.click();
  await page.getByRole("heading", { name: en.orders.isPlaced }).waitFor();
  const number = page.url().match(/NB-\d{4}-[A-Z0-9]{6}/)![0];
  await page.context().close();
  return { number, email };
}

describe("a tax invoice", () => {
  it("is an order confirmation until issued, then a bilingual full tax invoice that prints to A4", async () => {
    const { number, email } = await placeBusinessOrder();
    const [mail] = (await shop.readOutbox(email)).filter((m) => m.kind === "order-confirmation");
    const link = mail!.body_text.match(/https?:\/\/\S+\/invoice\?key=[A-Za-z0-9_-]{22}/)![0];
    const path = new URL(link).pathname + new URL(link).search;

    const page = await freshPage();
    await page.goto(path);
    await page.getByText(en.invoice.notYet).waitFor();
    await page.getByText(ar.invoice.notYet).waitFor();
    await expectAccessible(page);

    // Delivered before invoices were issued (as orders from before this change): staff issue it on the desk.
    await shop.execute("UPDATE orders SET status = 'completed' WHERE number = ?1", number);
    const desk = await issueOnTheDesk(number);
    for (const [prefix, viewport] of [
      ["", PHONE],
      ["", DESKTOP],
      ["/ar", PHONE],
      ["/ar", DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${prefix}${path}`);
      await page.getByRole("heading", { name: `${en.invoice.title} ${ar.invoice.title}` }).waitFor();
      await expectAccessible(page);
      await keepShot(page, `invoice-${prefix ? "ar" : "en"}-${viewport.width}.png`, { fullPage: true });
    }

    // The printed page: the invoice alone, everything an accountant files on it.
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("body > header, .site-header").first().isVisible()).resolves.toBe(false);
    await expect(page.getByRole("button", { name: new RegExp(en.invoice.print) }).isVisible()).resolves.toBe(false);
    const printed = await page.locator(".invoice").innerText();
    for (const words of [
      en.invoice.title,
      ar.invoice.title,
      SELLER.trn,
      SELLER.legalNameAr,
      "Al Noor Salon LLC",
      "100987654300003",
      COMPANY_ADDRESS,
      en.invoice.full,
      en.invoice.total,
      "INV-",
    ]) {
      expect(printed).toContain(words);
    }
    const total = printed.match(/Total including VAT[\s\S]*?AED ([\d,]+\.\d{2})/)?.[1];
    expect(total, "the printed total").toBeTruthy();
    const pdf = await page.pdf({ format: "A4", printBackground: true });
    // The PDF itself, read as an accountant's software reads it: its words, the seller's TRN, the total.
    const words = await pdfText(pdf);
    expect(words).toContain("Tax Invoice");
    expect(words).toContain(SELLER.trn);
    expect(words).toContain(`AED ${total}`);
    await keepShot(page, `invoice-print-1280.png`, { fullPage: true });
    const raw = pdf.toString("latin1");
    expect(raw.startsWith("%PDF-")).toBe(true);
    // A4 is 210 × 297 mm, 595.3 × 841.9 points (Chromium rounds to whole pixels); the invoice fits one page.
    const boxes = [...raw.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)];
    expect(boxes.length).toBe(1);
    expect(Math.abs(Number(boxes[0]![1]) - 595.3)).toBeLessThan(1.5);
    expect(Math.abs(Number(boxes[0]![2]) - 841.9)).toBeLessThan(1.5);
    await page.context().close();

    // The VAT register lists it in this quarter: a pick-up, so in the emirate of the shop's address (Dubai).
    const invoiceNumber = words.match(/INV-\d{6}/)![0];
    for (const viewport of [PHONE, DESKTOP]) {
      await desk.setViewportSize(viewport);
      await desk.goto("/staff");
      await desk.getByRole("navigation", { name: "Staff desk" }).getByRole("link", { name: "VAT register" }).click();
      await desk.getByRole("heading", { name: /^VAT register: Q[1-4] \d{4}$/ }).waitFor();
      const row = desk.getByRole("row", { name: new RegExp(invoiceNumber) });
      await row.waitFor();
      expect(await row.innerText()).toContain("Al Noor Salon LLC");
      expect(await row.innerText()).toContain("Dubai (pick-up)");
      const dubai = await desk.getByRole("row", { name: /^1b Dubai/ }).innerText();
      expect(dubai).not.toMatch(/(^|\s)0\.00(\s|$)/);
      await expectAccessible(desk);
      // Nothing wider than the screen: on a phone each document is a card, the box table fits unscrolled.
      expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const boxesClipped = await desk.locator(".staff-table--boxes").evaluate((table) => {
        const wrap = table.parentElement!;
        return wrap.scrollWidth > wrap.clientWidth;
      });
      expect(boxesClipped).toBe(false);
      await keepShot(desk, `vat-register-${viewport.width}.png`, { fullPage: true });
    }
    const csvLink = await desk.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const csv = await desk.request.get(csvLink!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="vat-register-\d{4}-Q[1-4]\.csv"$/);
    expect((await csv.body()).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(await csv.text()).toContain(invoiceNumber);
    await desk.context().close();
  });
});
