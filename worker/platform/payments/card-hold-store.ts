import { DEFAULT_LOCALE, type Locale } from "../../../shared/constants";
import { isLocale } from "../../../shared/locale-path";
import { invoiceOnPaid } from "../invoices/supply-hooks";
import { type MailMessage, outboxInsertWhere, sealed } from "../mail/mailer";
import { markPaid } from "../orders/order-store";
import { giveBackStatements } from "../stock/stock-return-store";
import { type StockTake, stockTakenSql, takeStockStatements } from "../stock/stock-store";

/**
 * A card order holds its stock from the moment it is placed (the order's own batch takes it)
 * while the shopper is on the card provider's page. This file ends the hold: an expired or failed
 * payment, or the sweep of sessions that expired without a word, cancels the order and gives the
 * stock back in one batch; a payment that arrives after that is settled here too (decision 0078).
 */
export type ReleaseReason = "expired" | "failed" | "cancelled";

export const RELEASE_NOTES: Record<ReleaseReason, string> = {
  expired: "Card payment expired",
  failed: "Card payment failed",
  cancelled: "Payment cancelled at the provider",
};

export interface HeldOrder {
  id: number;
  number: string;
  status: string;
  version: number;
  email: string;
  firstName: string;
  /** How it was to be paid: "online" (card) or an instalment provider's id. */
  payment: string;
  /** The language the order was placed in: its e-mails are written in it. */
  locale: Locale;
}

interface HeldOrderRow {
  id: number;
  number: string;
  status: string;
  version: number;
  email: string;
  first_name: string;
  payment_method: string;
  locale: string;
}

const HELD_COLUMNS = "id, number, status, version, email, first_name, payment_method, locale";

function toHeld(row: HeldOrderRow): HeldOrder {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    version: row.version,
    email: row.email,
    firstName: row.first_name,
    payment: row.payment_method,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
  };
}

export async function findByPaymentReference(db: D1Database, reference: string): Promise<HeldOrder | null> {
  const row = await db
    .prepare(`SELECT ${HELD_COLUMNS} FROM orders WHERE payment_reference = ?1`)
    .bind(reference)
    .first<HeldOrderRow>();
  return row ? toHeld(row) : null;
}

/**
 * Card orders still awaiting payment that were placed before `cutoff` (ISO time) and sent to the
 * provider (a payment reference): their session has expired. Oldest first, at most `limit`. An
 * order whose session never started keeps its stock for staff, who were told to call the shopper.
 */
export async function expiredCardOrders(db: D1Database, cutoff: string, limit: number): Promise<HeldOrder[]> {
  const { results } = await db
    .prepare(
      `SELECT ${HELD_COLUMNS} FROM orders
       WHERE status = 'awaiting_payment' AND created_at < ?1 AND payment_method IN ('online', 'tabby', 'tamara') AND payment_reference IS NOT NULL
       ORDER BY created_at LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<HeldOrderRow>();
  return results.map(toHeld);
}

/**
 * Cancels a card order still awaiting payment and gives its stock back, in one batch: the order
 * (version + 1), its status history with the reason, the stock, the shopper's e-mail, and the
 * provider's event when one told us. False when the order was no longer awaiting payment (paid,
 * cancelled already, or this event seen before): nothing but the event is written.
 */
export async function releaseCardOrder(
  db: D1Database,
  order: Pick<HeldOrder, "id">,
  release: { reason: ReleaseReason; eventId?: string; mail?: MailMessage },
): Promise<boolean> {
  const changeId = crypto.randomUUID();
  const guard = { sql: "(SELECT change_id FROM orders WHERE id = ?1) = ?2", params: [order.id, changeId] };
  const statements: D1PreparedStatement[] = [];
  if (release.eventId) {
    statements.push(
      db
        .prepare("INSERT OR IGNORE INTO payment_events (event_id, order_id, kind) VALUES (?1, ?2, ?3)")
        .bind(release.eventId, order.id, release.reason),
    );
  }
  const first = statements.length;
  statements.push(
    db
      .prepare(
        `UPDATE orders SET status = 'cancelled', change_id = ?2, version = version + 1,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1 AND status = 'awaiting_payment'`,
      )
      .bind(order.id, changeId),
    // Like the desk's status rows, with no staff member: the shop did it.
    db
      .prepare(
        `INSERT INTO order_events (order_id, kind, from_status, to_status, note)
         SELECT ?1, 'status', 'awaiting_payment', 'cancelled', ?3 WHERE ${guard.sql}`,
      )
      .bind(...guard.params, RELEASE_NOTES[release.reason]),
    ...giveBackStatements(db, order.id, guard),
  );
  if (release.mail) {
    statements.push(outboxInsertWhere(db, release.mail, guard));
  }
  const results = await db.batch(statements);
  return (results[first]?.meta.changes ?? 0) === 1;
}

/** Whether the order's last cancel was the shop's own (an expired or failed card payment), not a staff member's. */
async function cancelledByTheShop(db: D1Database, orderId: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT actor_id FROM order_events WHERE order_id = ?1 AND kind = 'status' AND to_status = 'cancelled'
       ORDER BY id DESC LIMIT 1`,
    )
    .bind(orderId)
    .first<{ actor_id: number | null }>();
  return row !== null && row.actor_id === null;
}

/**
 * Takes the stock of a cancelled card order again and marks it paid, in one batch: each line's
 * `stock_taken` is written first (what it takes now), then the stock is taken. A line that would
 * take a SKU below zero fails the whole batch (stock_levels' CHECK): false, nothing written.
 */
async function retakeAndMarkPaid(db: D1Database, order: HeldOrder, eventId: string): Promise<boolean> {
  const { results: lines } = await db
    .prepare("SELECT sku, quantity, prepurchase FROM order_lines WHERE order_id = ?1 AND sku IS NOT NULL")
    .bind(order.id)
    .all<{ sku: string; quantity: number; prepurchase: number }>();
  const changeId = crypto.randomUUID();
  const guard = { sql: "(SELECT change_id FROM orders WHERE id = ?1) = ?2", params: [order.id, changeId] };
  // The line's pre-purchase flag stands in for selling ahead (the order keeps no other): a line the
  // CMS sold ahead while it still had stock is re-taken strictly — at worst a refund is asked for.
  const takes: StockTake[] = lines.map((line) => ({
    sku: line.sku,
    quantity: line.quantity,
    sellAhead: line.prepurchase === 1,
  }));
  const taken = (sellAhead: boolean) =>
    db
      .prepare(
        `UPDATE order_lines SET stock_taken = ${stockTakenSql("order_lines.sku", "order_lines.quantity", sellAhead)}
         WHERE order_id = ?1 AND sku IS NOT NULL AND prepurchase = ?3 AND ${guard.sql}`,
      )
      .bind(...guard.params, sellAhead ? 1 : 0);
  try {
    const [, updated] = await db.batch([
      db
        .prepare("INSERT OR IGNORE INTO payment_events (event_id, order_id, kind) VALUES (?1, ?2, 'paid')")
        .bind(eventId, order.id),
      db
        .prepare(
          `UPDATE orders SET status = 'paid', change_id = ?2, version = version + 1,
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           WHERE id = ?1 AND status = 'cancelled' AND version = ?3`,
        )
        .bind(order.id, changeId, order.version),
      db
        .prepare(
          `INSERT INTO order_events (order_id, kind, from_status, to_status, note)
           SELECT ?1, 'status', 'cancelled', 'paid', ?3 WHERE ${guard.sql}`,
        )
        .bind(...guard.params, "Card payment arrived after the hold ended; the stock was taken again"),
      taken(false),
      taken(true),
      ...takeStockStatements(db, guard, takes),
      ...invoiceOnPaid(db, order.id, guard),
    ]);
    return (updated?.meta.changes ?? 0) === 1;
  } catch (error) {
    if (String(error).includes("CHECK constraint failed")) return false;
    throw error;
  }
}

/**
 * A payment for an order that stays cancelled: the event is recorded, staff get a note on the
 * order and (with an address) an e-mail to refund it. Both once per event, however often the
 * provider sends it.
 */
async function paidWhileCancelled(db: D1Database, order: HeldOrder, eventId: string, unsealed: MailMessage | null) {
  const staffMail = unsealed && sealed(unsealed);
  const note = `Paid by card (provider event ${eventId}) after the order was cancelled: refund the payment.`;
  const fresh = "NOT EXISTS (SELECT 1 FROM order_events WHERE order_id = ?1 AND kind = 'note' AND note = ?2)";
  await db.batch([
    db
      .prepare("INSERT OR IGNORE INTO payment_events (event_id, order_id, kind) VALUES (?1, ?2, 'paid-cancelled')")
      .bind(eventId, order.id),
    ...(staffMail
      ? [
          db
            .prepare(`INSERT INTO outbox (recipient, subject, body_text, kind) SELECT ?3, ?4, ?5, ?6 WHERE ${fresh}`)
            .bind(order.id, note, staffMail.to, staffMail.subject, staffMail.text, staffMail.kind),
        ]
      : []),
    db
      .prepare(`INSERT INTO order_events (order_id, kind, note) SELECT ?1, 'note', ?2 WHERE ${fresh}`)
      .bind(order.id, note),
  ]);
}

export type PaymentOutcome = "paid" | "repeat" | "unknown" | "paid-again" | "refund";

/**
 * A "paid" event from the provider. An order awaiting payment becomes paid (markPaid). A card
 * order the shop cancelled when its payment expired or failed is paid after all: it becomes paid
 * again if all its stock can be taken again ("paid-again"); otherwise — or when a staff member
 * cancelled it — it stays cancelled and staff are told to refund ("refund"). Never silently paid.
 */
export async function settlePayment(
  db: D1Database,
  eventId: string,
  reference: string,
  staffMail: (order: HeldOrder) => MailMessage | null,
): Promise<PaymentOutcome> {
  let order = await findByPaymentReference(db, reference);
  if (!order) return "unknown";
  // A retried event was settled already (a refund asked for stays asked for, even if stock came back since).
  const seen = await db.prepare("SELECT 1 AS seen FROM payment_events WHERE event_id = ?1").bind(eventId).first();
  if (seen) return "repeat";
  if (order.status === "new" || order.status === "awaiting_payment") {
    const outcome = await markPaid(db, eventId, reference);
    order = await findByPaymentReference(db, reference);
    // A cancel (the sweep, an expiry event) won the race: settle it as a late payment.
    if (order?.status !== "cancelled") return outcome === "paid" && order?.status === "paid" ? "paid" : "repeat";
  }
  if (order.status !== "cancelled") {
    await db
      .prepare("INSERT OR IGNORE INTO payment_events (event_id, order_id, kind) VALUES (?1, ?2, 'paid')")
      .bind(eventId, order.id)
      .run();
    return "repeat";
  }
  if ((await cancelledByTheShop(db, order.id)) && (await retakeAndMarkPaid(db, order, eventId))) return "paid-again";
  await paidWhileCancelled(db, order, eventId, staffMail(order));
  return "refund";
}
