import { env } from "cloudflare:test";
import { plainTotals } from "../../../shared/promotions/quote";
import type { OrderStatus } from "../../../worker/platform/orders/order-record";
import { insertOrderStatements, newOrderNumber } from "../../../worker/platform/orders/order-store";
import { takeStockStatements } from "../../../worker/platform/stock/stock-store";

/**
 * Orders that hold stock, written with the statements the shop's placement uses (place-order.ts):
 * in one batch the order and its lines (each with its SKU and what it takes, insertOrderStatements)
 * and the take itself (takeStockStatements, guarded on this attempt's order) — for orders the real
 * checkout cannot make in a test (a line of a SKU no product has, an order aged by hand). Each test
 * counts a SKU of its own.
 */
export async function countedSku(onHand: number, prefix = "TEST"): Promise<string> {
  const sku = `${prefix}-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await env.DB.prepare("INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, 'test-product', ?2)")
    .bind(sku, onHand)
    .run();
  return sku;
}

export async function onHand(sku: string): Promise<number | null> {
  const row = await env.DB.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1")
    .bind(sku)
    .first<{ on_hand: number }>();
  return row?.on_hand ?? null;
}

export async function linesOfOrder(number: string) {
  const { results } = await env.DB.prepare(
    `SELECT l.sku, l.quantity, l.stock_taken, l.stock_returned FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.number = ?1 ORDER BY l.position`,
  )
    .bind(number)
    .all<{ sku: string | null; quantity: number; stock_taken: number; stock_returned: number }>();
  return results;
}

export async function orderHolding(
  lines: { sku: string; quantity: number }[],
  options: { status?: OrderStatus; reference?: string; email?: string; delivery?: "transport" | "pickup" } = {},
): Promise<{ number: string; id: number }> {
  const status = options.status ?? "awaiting_payment";
  const number = newOrderNumber();
  const idempotencyKey = crypto.randomUUID();
  const orderLines = lines.map((line, i) => ({
    productSlug: "test-product",
    productPath: "/catalog/makeup/test-product",
    name: `Test lipstick — Shade ${i + 1}`,
    variantName: `Shade ${i + 1}`,
    sku: line.sku,
    sellAhead: false,
    brand: "Maison Lumière",
    unitPrice: 9900,
    quantity: line.quantity,
    lineTotal: 9900 * line.quantity,
    prepurchase: false,
  }));
  const input = {
    firstName: "Noor",
    lastName: "Haddad",
    email: options.email ?? `${crypto.randomUUID().slice(0, 8)}@example.ae`,
    phone: "0501234567",
    delivery: options.delivery ?? ("pickup" as const),
    address: options.delivery === "transport" ? "Villa 12, Al Wasl Road" : "",
    city: options.delivery === "transport" ? "Dubai" : "",
    region: options.delivery === "transport" ? "Dubai" : "",
    postcode: "",
    notes: "",
    payment: status === "new" ? ("cash" as const) : ("online" as const),
    consent: true,
  };
  const db = env.DB;
  const ours = { sql: "(SELECT number FROM orders WHERE idempotency_key = ?1) = ?2", params: [idempotencyKey, number] };
  await db.batch([
    ...insertOrderStatements(
      db,
      {
        idempotencyKey,
        userId: null,
        visitorId: "v",
        status,
        locale: "en",
        input,
        totals: plainTotals(orderLines, options.delivery ?? "pickup"),
        lines: orderLines,
      },
      number,
    ),
    ...takeStockStatements(
      db,
      ours,
      lines.map((line) => ({ sku: line.sku, quantity: line.quantity, sellAhead: false })),
    ),
  ]);
  const row = (await db
    .prepare("UPDATE orders SET payment_reference = ?2 WHERE number = ?1 RETURNING id")
    .bind(number, options.reference ?? null)
    .first<{ id: number }>())!;
  return { number, id: row.id };
}
