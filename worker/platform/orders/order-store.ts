import type { Totals } from "../../../shared/cart-rules";
import type { Locale } from "../../../shared/constants";
import type { CheckoutInput } from "../../../shared/forms/checkout";
import type { CartOwner } from "../bag/cart-store";
import { changeGuard } from "../invoices/invoice-statements";
import { invoiceOnPaid } from "../invoices/supply-hooks";
import { stockTakenSql } from "../stock/stock-store";

import {
  type LineRecord,
  ORDER_COLUMNS,
  type Order,
  type OrderLine,
  type OrderRecord,
  type OrderStatus,
  toLine,
  toOrder,
} from "./order-record";

/** D1 access for orders and order_lines: writing an order in its batch, and reading orders back. */
/** A short, unguessable order number shoppers can read out on the phone: NB-2611-7K3QX. */
export function newOrderNumber(now = new Date()): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const code = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  const stamp = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return `NB-${stamp}-${code}`;
}

/** A line about to be ordered: what it takes from stock is decided inside the order's batch. */
export interface NewOrderLine extends Omit<OrderLine, "stockTaken" | "discount" | "gift"> {
  /** The CMS allows selling ahead of stock: take what is on hand, sell the rest anyway. */
  sellAhead: boolean;
  /** The line's share of the order's discounts (none when left out). */
  discount?: number;
  gift?: boolean;
}

export interface NewOrder {
  idempotencyKey: string;
  userId: number | null;
  visitorId: string | null;
  status: OrderStatus;
  /** The language of the page the order was placed from. */
  locale: Locale;
  input: CheckoutInput;
  totals: Totals;
  lines: NewOrderLine[];
}

/**
 * The statements that write an order and its lines. The order row is inserted
 * with INSERT OR IGNORE on its idempotency key, and the lines select the order
 * by that key and this attempt's number, so a retried or doubled request
 * writes nothing twice. Run them
 * in one D1 batch (a transaction) together with emptying the bag and the outbox rows.
 */
export function insertOrderStatements(db: D1Database, order: NewOrder, number: string): D1PreparedStatement[] {
  const { input, totals } = order;
  const pickup = input.delivery === "pickup";
  const statements = [
    db
      .prepare(
        `INSERT OR IGNORE INTO orders (number, idempotency_key, user_id, visitor_id, status, first_name, last_name, email, phone,
           delivery_method, address, city, region, postcode, notes, payment_method, subtotal, delivery_fee, vat, total, locale,
           discount, cod_fee)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)`,
      )
      .bind(
        number,
        order.idempotencyKey,
        order.userId,
        order.visitorId,
        order.status,
        input.firstName,
        input.lastName,
        input.email,
        input.phone,
        input.delivery,
        pickup ? null : input.address,
        pickup ? null : input.city,
        pickup ? null : input.region,
        input.postcode || null,
        input.notes || null,
        input.payment,
        totals.subtotal,
        totals.delivery,
        totals.vat,
        totals.total,
        order.locale,
        totals.discount,
        totals.codFee,
      ),
  ];
  order.lines.forEach((line, position) => {
    // stock_taken is worked out in SQL from stock_levels as it is inside this transaction.
    const taken = line.sku ? stockTakenSql("?13", "?8", line.sellAhead) : "0";
    statements.push(
      db
        .prepare(
          `INSERT OR IGNORE INTO order_lines (order_id, position, product_slug, product_path, name, brand, unit_price, quantity,
             line_total, prepurchase, variant_name, sku, stock_taken, discount, gift)
           SELECT id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?12, ?13, ${taken}, ?14, ?15 FROM orders WHERE idempotency_key = ?1 AND number = ?11`,
        )
        .bind(
          order.idempotencyKey,
          position,
          line.productSlug,
          line.productPath,
          line.name,
          line.brand,
          line.unitPrice,
          line.quantity,
          line.lineTotal,
          line.prepurchase ? 1 : 0,
          number,
          line.variantName,
          line.sku,
          line.discount ?? 0,
          line.gift ? 1 : 0,
        ),
    );
  });
  return statements;
}

const LINE_COLUMNS = `order_id, product_slug, product_path, name, brand, unit_price, quantity, line_total, prepurchase,
  variant_name, sku, stock_taken, discount, gift`;

export async function linesOf(db: D1Database, orderIds: number[]): Promise<Map<number, OrderLine[]>> {
  const byOrder = new Map<number, OrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const { results } = await db
    .prepare(
      `SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id IN (SELECT value FROM json_each(?1)) ORDER BY order_id, position`,
    )
    .bind(JSON.stringify(orderIds))
    .all<LineRecord>();
  for (const row of results) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), toLine(row)]);
  return byOrder;
}

/** Whether the order is this bag owner's: the account's, or the visitor's placed without one. */
export function orderBelongsTo(order: Order, owner: CartOwner): boolean {
  return owner.kind === "user"
    ? order.userId === Number(owner.id)
    : order.userId === null && order.visitorId === owner.id;
}

/** Where an order is found: by its idempotency key, or by its number. */
export type OrderLookup = { key: string } | { number: string };

function lookupSql(lookup: OrderLookup): { where: string; value: string } {
  return "key" in lookup
    ? { where: "idempotency_key = ?1", value: lookup.key }
    : { where: "number = ?1", value: lookup.number };
}

/**
 * An order and its lines as two statements, for a batch with whatever else the request reads or
 * writes (docs/decisions/0100): the lines find the order by the same key, so neither waits for the
 * other. readOrder reads their results.
 */
export function orderStatements(db: D1Database, lookup: OrderLookup): D1PreparedStatement[] {
  const { where, value } = lookupSql(lookup);
  return [
    db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where}`).bind(value),
    db
      .prepare(
        `SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE ${where}) ORDER BY position`,
      )
      .bind(value),
  ];
}

export function readOrder(results: readonly D1Result[]): Order | null {
  const row = results[0]?.results[0] as OrderRecord | undefined;
  if (!row) return null;
  return toOrder(row, ((results[1]?.results ?? []) as LineRecord[]).map(toLine));
}

export async function findOrderByIdempotencyKey(db: D1Database, key: string): Promise<Order | null> {
  return readOrder(await db.batch(orderStatements(db, { key })));
}

export async function findOrderByNumber(db: D1Database, number: string): Promise<Order | null> {
  return readOrder(await db.batch(orderStatements(db, { number })));
}

export async function listOrdersOfUser(db: D1Database, userId: number): Promise<Order[]> {
  const { results } = await db
    .prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = ?1 ORDER BY created_at DESC, id DESC LIMIT 100`)
    .bind(userId)
    .all<OrderRecord>();
  const lines = await linesOf(
    db,
    results.map((r) => r.id),
  );
  return results.map((row) => toOrder(row, lines.get(row.id) ?? []));
}

/** Keeps the provider's id for the order's payment and, for an instalment order, the page it is paid on. */
export async function setPaymentReference(
  db: D1Database,
  orderId: number,
  reference: string,
  paymentUrl: string | null = null,
): Promise<void> {
  await db
    .prepare(
      "UPDATE orders SET payment_reference = ?2, payment_url = ?3, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?1",
    )
    .bind(orderId, reference, paymentUrl)
    .run();
}

/** Marks an order paid once, from the provider's signed event; a repeated event changes nothing. */
export async function markPaid(
  db: D1Database,
  eventId: string,
  reference: string,
): Promise<"paid" | "repeat" | "unknown"> {
  const order = await db
    .prepare("SELECT id FROM orders WHERE payment_reference = ?1")
    .bind(reference)
    .first<{ id: number }>();
  if (!order) return "unknown";
  const changeId = crypto.randomUUID();
  const [recorded] = await db.batch([
    db
      .prepare("INSERT OR IGNORE INTO payment_events (event_id, order_id, kind) VALUES (?1, ?2, 'paid')")
      .bind(eventId, order.id),
    db
      .prepare(
        "UPDATE orders SET status = 'paid', change_id = ?2, version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?1 AND status IN ('new', 'awaiting_payment')",
      )
      .bind(order.id, changeId),
    // Paid is a card order's supply: its tax invoice, only if this batch made it paid.
    ...invoiceOnPaid(db, order.id, changeGuard(order.id, changeId)),
  ]);
  return recorded.meta.changes > 0 ? "paid" : "repeat";
}
