import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { DeliveryMethod } from "../../../shared/cart-rules";
import type { PaymentMethod } from "../../../shared/forms/checkout";
import type { InvoiceSnapshot } from "../../../shared/invoices/invoice-snapshot";
import type { Seller } from "../../../shared/invoices/seller";
import type { Quote } from "../../../shared/promotions/quote";
import { markConfirmedWithShopper } from "../../../worker/platform/orders/cash-confirmation-store";
import { changeOrder } from "../../../worker/platform/orders/order-desk-store";
import type { OrderStatus } from "../../../worker/platform/orders/order-record";
import { findOrderByNumber, insertOrderStatements, newOrderNumber } from "../../../worker/platform/orders/order-store";

/**
 * Orders for the tax invoice tests, written with the statements the checkout uses
 * (insertOrderStatements) from a quote (shared/promotions/quote.ts): each line with its share of the
 * discounts, the order's totals as the quote gave them.
 */
export const SELLER: Seller = {
  legalNameEn: "Noor Beauty Trading LLC",
  legalNameAr: "نور بيوتي للتجارة ذ.م.م",
  address: "Office 1204, Al Wasl Tower, Sheikh Zayed Road, Dubai, UAE",
  trn: "100123456700003",
};

/**
 * Takes a placed order through the desk as staff do, to its supply: a carrier's cash parcel confirmed with
 * the shopper first (decision 0132), then confirmed, shipped (a pickup: ready for collection, stored the same)
 * and delivered. Each step from the order as it is then, as a desk page would post it.
 */
export async function deliverThroughDesk(number: string): Promise<void> {
  const actor = { id: 1, name: "Layla (desk)" };
  const placed = (await findOrderByNumber(env.DB, number))!;
  if (placed.payment === "cash" && placed.delivery !== "pickup") {
    const confirmed = { order: placed, seenVersion: placed.version, actor, now: new Date() };
    expect(await markConfirmedWithShopper(env.DB, confirmed)).toBe(true);
  }
  for (const [action, to] of [
    ["confirm", "processing"],
    ["ship", "shipped"],
    ["deliver", "completed"],
  ] as const) {
    const now = (await findOrderByNumber(env.DB, number))!;
    expect(await changeOrder(env.DB, { order: now, seenVersion: now.version, actor, action, to })).toBe(true);
  }
}

/** The seller's details as the desk saves them (shop_settings, key `seller`). */
export async function setSeller(seller: Seller = SELLER): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO shop_settings (key, value, version) VALUES ('seller', ?1, 1)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = version + 1`,
  )
    .bind(JSON.stringify(seller))
    .run();
}

export interface QuotedOrder {
  id: number;
  number: string;
  accessToken: string;
}

export async function orderFromQuote(
  q: Quote,
  options: {
    status?: OrderStatus;
    payment?: PaymentMethod;
    delivery?: DeliveryMethod;
    reference?: string;
    userId?: number | null;
    names?: string[];
  } = {},
): Promise<QuotedOrder> {
  const number = newOrderNumber();
  const idempotencyKey = crypto.randomUUID();
  const delivery = options.delivery ?? "transport";
  const payment = options.payment ?? "online";
  const lines = q.lines.map((line, i) => ({
    productSlug: line.productSlug,
    productPath: `/catalog/makeup/${line.productSlug}`,
    name: options.names?.[i] ?? `Velvet lipstick ${i + 1}`,
    variantName: null,
    sku: null,
    sellAhead: false,
    brand: "Maison Lumière",
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: line.gross,
    prepurchase: false,
    discount: line.discount,
  }));
  const accessToken = crypto.randomUUID().replace(/-/g, "").slice(0, 22);
  await env.DB.batch(
    insertOrderStatements(
      env.DB,
      {
        idempotencyKey,
        userId: options.userId ?? null,
        visitorId: "visitor-invoices",
        status: options.status ?? "awaiting_payment",
        locale: "en",
        input: {
          firstName: "Noor",
          lastName: "Haddad",
          email: "noor@example.ae",
          phone: "0501234567",
          delivery,
          address: delivery === "transport" ? "Villa 12, Street 5" : "",
          city: delivery === "transport" ? "Dubai" : "",
          region: delivery === "transport" ? "Dubai" : "",
          postcode: "",
          notes: "",
          payment,
          consent: true,
        },
        totals: {
          subtotal: q.subtotal,
          discount: q.discount,
          delivery: q.delivery,
          codFee: q.codFee,
          vat: q.vat,
          total: q.total,
        },
        lines,
      },
      number,
    ),
  );
  const row = (await env.DB.prepare(
    "UPDATE orders SET payment_reference = ?2, access_token = ?3 WHERE number = ?1 RETURNING id",
  )
    .bind(number, options.reference ?? null, accessToken)
    .first<{ id: number }>())!;
  return { id: row.id, number, accessToken };
}

export async function documentsOf(orderId: number) {
  const { results } = await env.DB.prepare(
    "SELECT kind, number, refers_to, issued_at, snapshot FROM invoices WHERE order_id = ?1 ORDER BY kind DESC",
  )
    .bind(orderId)
    .all<{ kind: string; number: number; refers_to: number | null; issued_at: string; snapshot: string }>();
  return results.map((row) => ({ ...row, snapshot: JSON.parse(row.snapshot) as InvoiceSnapshot }));
}

export async function counter(sequence: "invoice" | "credit_note"): Promise<number> {
  const row = await env.DB.prepare("SELECT last FROM invoice_counters WHERE sequence = ?1")
    .bind(sequence)
    .first<{ last: number }>();
  return row!.last;
}
