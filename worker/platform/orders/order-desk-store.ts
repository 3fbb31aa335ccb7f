import type { DeliveryMethod } from "../../../shared/cart-rules";
import type { PaymentMethod } from "../../../shared/forms/checkout";
import { type Actor, auditStatement } from "../audit/staff-audit-store";
import { issueInvoiceStatements } from "../invoices/invoice-statements";
import { invoiceOnStatus } from "../invoices/supply-hooks";
import { type MailMessage, outboxInsertWhere } from "../mail/mailer";
import { giveBackStatements } from "../stock/stock-return-store";
import { type WaitingOrder, waitingOf, waitingStatement } from "./cash-confirmation-store";
import { orderEventStatement } from "./order-history-store";
import {
  ORDER_COLUMNS,
  ORDER_STATUSES,
  type Order,
  type OrderLine,
  type OrderRecord,
  type OrderStatus,
  toOrder,
} from "./order-record";
import { orderSearchKeys, PREFIX_END } from "./order-search";
import { linesOf } from "./order-store";
import { paymentTaskStatements } from "./payment-task-queue";

/**
 * D1 access for the staff desk's orders (decision 0074): the filtered list, the overview's counts,
 * and a change (status or note) written in one batch with its history, audit row and e-mail,
 * only if nobody changed the order since the page was shown (`version`).
 */
export interface OrderFilter {
  status?: OrderStatus;
  payment?: PaymentMethod;
  delivery?: DeliveryMethod;
  region?: string;
  /** YYYY-MM-DD, Dubai's calendar day, inclusive. */
  from?: string;
  to?: string;
  /** An order number, an e-mail address, the start of a name or a whole phone number (order-search.ts). */
  q?: string;
}

/** Dubai is UTC+4 all year: its day D starts at (D − 1) 20:00 UTC. */
function dubaiDayStart(day: string): string {
  const start = new Date(`${day}T00:00:00+04:00`);
  return start.toISOString();
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function whereOf(filter: OrderFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  // Each `?` becomes the next numbered parameter, bound to the next value.
  const add = (sql: string, ...values: unknown[]) => {
    let next = 0;
    parts.push(
      sql.replace(/\?/g, () => {
        params.push(values[next++]);
        return `?${params.length}`;
      }),
    );
  };
  const q = filter.q?.trim();
  // With a search, its indexes find the few rows it matches first; `+column` keeps SQLite from
  // walking a filter's index instead (a status or a month can hold thousands of orders).
  const column = (name: string) => (q ? `+${name}` : name);
  if (filter.status) add(`${column("status")} = ?`, filter.status);
  if (filter.payment) add(`${column("payment_method")} = ?`, filter.payment);
  if (filter.delivery) add(`${column("delivery_method")} = ?`, filter.delivery);
  if (filter.region) add(`${column("region")} = ?`, filter.region);
  if (filter.from) add(`${column("created_at")} >= ?`, dubaiDayStart(filter.from));
  if (filter.to) add(`${column("created_at")} < ?`, dubaiDayStart(nextDay(filter.to)));
  if (q) {
    const keys = orderSearchKeys(q);
    const name = (key: string) => `(${key} >= ? AND ${key} < ?)`;
    const prefix = [keys.namePrefix, `${keys.namePrefix}${PREFIX_END}`];
    add(
      `(number = ? OR email = ? OR ${name("search_name")} OR ${name("search_last_name")}${keys.phoneKey ? " OR phone_key = ?" : ""})`,
      keys.number,
      keys.email,
      ...prefix,
      ...prefix,
      ...(keys.phoneKey ? [keys.phoneKey] : []),
    );
  }
  return { sql: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}

/** The two statements of a page of the list: how many orders match, and the page's rows. */
export function orderListQueries(filter: OrderFilter, { page, perPage }: { page: number; perPage: number }) {
  const where = whereOf(filter);
  const n = where.params.length;
  return {
    count: { sql: `SELECT COUNT(*) AS total FROM orders ${where.sql}`, params: where.params },
    rows: {
      sql: `SELECT ${ORDER_COLUMNS} FROM orders ${where.sql} ORDER BY created_at DESC, id DESC LIMIT ?${n + 1} OFFSET ?${n + 2}`,
      params: [...where.params, perPage, (page - 1) * perPage],
    },
  };
}

/**
 * A page of the list and how many orders match. The list shows no lines, so they are read only
 * when asked for (`withLines`, the CSV export); otherwise every order's `lines` is empty.
 * `withWaiting`: the cash orders waiting for the shopper's confirmation too, in the same batch
 * (worker/platform/orders/cash-confirmation-store.ts).
 */
export async function listOrders(
  db: D1Database,
  filter: OrderFilter,
  paging: { page: number; perPage: number; withLines?: boolean; withWaiting?: boolean },
): Promise<{ orders: Order[]; total: number; waiting: WaitingOrder[] }> {
  const { count, rows } = orderListQueries(filter, paging);
  const [counted, found, waiting] = await db.batch([
    db.prepare(count.sql).bind(...count.params),
    db.prepare(rows.sql).bind(...rows.params),
    ...(paging.withWaiting ? [waitingStatement(db)] : []),
  ]);
  const records = (found?.results ?? []) as OrderRecord[];
  const lines = paging.withLines
    ? await linesOf(
        db,
        records.map((row) => row.id),
      )
    : new Map<number, OrderLine[]>();
  return {
    orders: records.map((row) => toOrder(row, lines.get(row.id) ?? [])),
    waiting: waitingOf(waiting),
    total: ((counted?.results?.[0] as { total?: number } | undefined)?.total ?? 0) as number,
  };
}

/** Every order the filter finds, newest first, for the CSV export (bounded: a spreadsheet, not a backup). */
export async function exportOrders(db: D1Database, filter: OrderFilter, limit = 10_000): Promise<Order[]> {
  return (await listOrders(db, filter, { page: 1, perPage: limit, withLines: true })).orders;
}

export interface DeskOverview {
  today: number;
  /** Today's date in Dubai (YYYY-MM-DD): the orders list's `from` that shows the orders counted in `today`. */
  todayDate: string;
  byStatus: Record<OrderStatus, number>;
  newRequests: number;
  reviewsWaiting: number;
  failedMails: number;
}

export async function deskOverview(db: D1Database, now = new Date()): Promise<DeskOverview> {
  const todayDate = new Date(now.getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
  const today = dubaiDayStart(todayDate);
  const [statuses, todays, requests, reviews, mails] = await db.batch([
    db.prepare("SELECT status, COUNT(*) AS n FROM orders GROUP BY status"),
    db.prepare("SELECT COUNT(*) AS n FROM orders WHERE created_at >= ?1").bind(today),
    db.prepare("SELECT COUNT(*) AS n FROM shop_requests WHERE status = 'new'"),
    db.prepare(
      `SELECT (SELECT COUNT(*) FROM shop_reviews WHERE status = 'pending')
            + (SELECT COUNT(*) FROM product_reviews WHERE status = 'pending') AS n`,
    ),
    db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE status = 'failed'"),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const row of (statuses?.results ?? []) as { status: OrderStatus; n: number }[]) byStatus[row.status] = row.n;
  const one = (result: D1Result | undefined) =>
    ((result?.results?.[0] as { n?: number } | undefined)?.n ?? 0) as number;
  return {
    today: one(todays),
    todayDate,
    byStatus,
    newRequests: one(requests),
    reviewsWaiting: one(reviews),
    failedMails: one(mails),
  };
}

export interface OrderChange {
  order: Order;
  /** The version the staff member saw; the change is written only if it is still the order's. */
  seenVersion: number;
  actor: Actor;
  /** The audit's name for it: "confirm", "ship", "deliver", "cancel", "note". */
  action: string;
  /** A status move, or none for a note. */
  to?: OrderStatus;
  carrier?: string;
  trackingNumber?: string;
  note?: string;
  /** The e-mail to the shopper, queued only with the change that won. */
  mail?: MailMessage;
  /** Issue the order's tax invoice now (an order from before invoices, or paid while the seller was not set). */
  issueInvoice?: boolean;
  /** A key for an order placed before keys were kept, which `mail` links with (decision 0112). */
  accessToken?: string;
}

/**
 * Writes the change in one batch: the order (version + 1, marked with this change's id), its
 * history, for a cancel its stock given back, the audit row and the e-mail, all but the first only
 * if the order carries this change's id. False when the order moved on since `seenVersion` (nothing is written).
 */
export async function changeOrder(db: D1Database, change: OrderChange): Promise<boolean> {
  const { order, actor } = change;
  const changeId = crypto.randomUUID();
  const guard = { sql: "(SELECT change_id FROM orders WHERE id = ?1) = ?2", params: [order.id, changeId] };
  const after = {
    status: change.to ?? order.status,
    carrier: change.carrier ?? order.carrier,
    trackingNumber: change.trackingNumber ?? order.trackingNumber,
    ...(change.note ? { note: change.note } : {}),
  };
  // A cash parcel leaves only once confirmed with the shopper (docs/decisions/0132-cash-ships-only-once-confirmed.md):
  // checked by the row itself, so no post from an older page or another tab ships past it.
  const confirmedFirst =
    change.to === "shipped"
      ? " AND (payment_method <> 'cash' OR delivery_method = 'pickup' OR cod_confirmed_at IS NOT NULL)"
      : "";
  const statements = [
    db
      .prepare(
        `UPDATE orders SET status = ?3, carrier = ?4, tracking_number = ?5, change_id = ?6, version = version + 1,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1 AND version = ?2${confirmedFirst}`,
      )
      .bind(order.id, change.seenVersion, after.status, after.carrier, after.trackingNumber, changeId),
    orderEventStatement(db, guard, {
      orderId: order.id,
      kind: change.to ? "status" : "note",
      from: change.to ? order.status : undefined,
      to: change.to,
      note: change.note,
      actor,
    }),
    // A cancel or a refused parcel gives the order's stock back in the same batch, only if the change won.
    ...(change.to === "cancelled" || change.to === "refused" ? giveBackStatements(db, order.id, guard) : []),
    // An instalment order's capture (shipped) or refund (cancelled), carried out by the cron.
    ...paymentTaskStatements(db, order, change.to, guard),
    auditStatement(db, guard, {
      actor,
      action: change.action,
      recordKind: "order",
      recordId: order.number,
      before: { status: order.status, carrier: order.carrier, trackingNumber: order.trackingNumber },
      after,
    }),
  ];
  // Delivered issues the tax invoice, a cancel after issue its credit note (decision 0116); or staff ask for one.
  statements.push(
    ...(change.issueInvoice
      ? issueInvoiceStatements(db, order.id, guard)
      : invoiceOnStatus(db, { orderId: order.id, to: change.to, reason: change.note }, guard)),
  );
  if (change.mail) {
    statements.push(outboxInsertWhere(db, change.mail, guard));
  }
  if (change.accessToken) {
    statements.push(
      db
        .prepare(`UPDATE orders SET access_token = ?3 WHERE id = ?1 AND access_token IS NULL AND ${guard.sql}`)
        .bind(...guard.params, change.accessToken),
    );
  }
  const [updated] = await db.batch(statements);
  return (updated?.meta.changes ?? 0) === 1;
}
