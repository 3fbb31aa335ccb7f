import { env } from "cloudflare:test";
import { expect } from "vitest";
import { type Candidate, quote } from "../../../shared/promotions/quote";
import { DEFAULT_SETTINGS } from "../../../shared/promotions/shop-settings";
import { creditNoteStatements, issueInvoiceStatements } from "../../../worker/platform/invoices/invoice-statements";
import type { Browser } from "./browser-session";
import { orderFromQuote } from "./invoice-orders";

/**
 * Documents for the VAT register's tests (tests/worker/invoices-register.test.ts): orders delivered to an
 * emirate or picked up, their invoices and credit notes issued at a chosen instant, and the register's CSV
 * read back into rows.
 */
export const ALWAYS = { sql: "1 = 1", params: [] };

export const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** A quote of these lines as an online order delivered in Dubai on 2026-12-01, with no promotion. */
export function quoteOf(lines: { unitPrice: number; quantity: number; productSlug: string; sku: string }[]) {
  const candidates: Candidate[] = [];
  return quote({
    lines: lines.map((line, i) => ({ key: String(i), brandSlug: null, categorySlug: null, ...line })),
    candidates,
    settings: DEFAULT_SETTINGS,
    delivery: "transport",
    region: "Dubai",
    payment: "online",
    now: new Date("2026-12-01T10:00:00Z"),
    ordered: true,
    giftsInStock: new Set(),
  });
}

export function bag(unitPrice: number, quantity = 1) {
  return quoteOf([{ productSlug: "rose-balm", sku: "rb", unitPrice, quantity }]);
}

/** An order delivered to `place` (a region and a city, or a pick-up), its invoice issued at `at`. */
export async function invoiced(at: string, place: { region?: string; city?: string } | "pickup", unitPrice = 8900) {
  const order = await orderFromQuote(bag(unitPrice), {
    status: "paid",
    delivery: place === "pickup" ? "pickup" : "transport",
  });
  if (place !== "pickup") {
    await env.DB.prepare("UPDATE orders SET region = ?2, city = ?3 WHERE id = ?1")
      .bind(order.id, place.region ?? "", place.city ?? "")
      .run();
  }
  await env.DB.batch(issueInvoiceStatements(env.DB, order.id, ALWAYS, new Date(at)));
  const row = (await env.DB.prepare("SELECT number, snapshot FROM invoices WHERE order_id = ?1 AND kind = 'invoice'")
    .bind(order.id)
    .first<{ number: number; snapshot: string }>())!;
  const snapshot = JSON.parse(row.snapshot) as { total: number; vat: number };
  return { ...order, invoice: `INV-${String(row.number).padStart(6, "0")}`, ...snapshot };
}

export async function credited(orderId: number, at: string) {
  await env.DB.batch(creditNoteStatements(env.DB, orderId, ALWAYS, "Returned unopened", new Date(at)));
}

export async function csvOf(browser: Browser, period: string) {
  const res = await browser.get(`/staff/invoices.csv?period=${period}`);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  // A fetch's text() drops a byte order mark, so it is looked for in the bytes.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  const rows = body
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)|(?<=,|^)(?=,|$)/g)].map(
        (m) => m[1]?.replace(/""/g, '"') ?? m[2] ?? "",
      ),
    );
  return { res, body, bom, rows };
}

export const fils = (cell: string | undefined) => Math.round(Number(cell) * 100);
