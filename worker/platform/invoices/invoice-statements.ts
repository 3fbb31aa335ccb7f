import { VAT_RATE_PERCENT } from "../../../shared/cart-rules";

/**
 * The statements that issue a tax invoice or a tax credit note, for the batch that makes an order a
 * supply or cancels it (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md).
 * Each takes its number from its sequence's one-row counter (invoice_counters) inside that batch, so
 * a number is taken only by a batch that commits, and D1 runs batches one at a time: however many
 * orders are issued at once, the numbers run 1, 2, 3… with no gap and no repeat. Each is written only
 * if the batch's change won (`guard`, SQL over ?1…?n), and at most once an order.
 */
export interface Guard {
  sql: string;
  params: readonly unknown[];
}

const R = VAT_RATE_PERCENT;
/**
 * The VAT included in an amount, to the nearest fils, in SQLite's integer arithmetic:
 * round(amount × R / (100 + R)), the same as includedVat (shared/promotions/split.ts). With 100 + R
 * odd there is never a tie to break.
 */
function vatOf(amount: string): string {
  return `((${R} * (${amount}) + ${Math.floor((100 + R) / 2)}) / ${100 + R})`;
}

/** After a number is taken, its counter moves to it: only when the row with that number was written. */
function advance(db: D1Database, sequence: "invoice" | "credit_note"): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE invoice_counters SET last = last + 1 WHERE sequence = ?1
         AND EXISTS (SELECT 1 FROM invoices WHERE kind = ?1 AND number = invoice_counters.last + 1)`,
    )
    .bind(sequence);
}

/**
 * Issues the order's tax invoice, unless it has one or the seller's details are not set (the desk's
 * settings: an invoice without the shop's TRN could not be filed; staff issue it later from the
 * desk). The snapshot keeps everything the invoice shows, as it is at this moment: the seller, the
 * buyer (a business buyer's company, TRN and address), each line with its quantity, unit price, discount,
 * the amount paid and its VAT, delivery and the cash fee as lines of their own, and the totals.
 */
export function issueInvoiceStatements(
  db: D1Database,
  orderId: number,
  guard: Guard,
  issuedAt: Date = new Date(),
): D1PreparedStatement[] {
  const n = guard.params.length;
  const id = `?${n + 1}`;
  const insert = db
    .prepare(
      `WITH o AS (SELECT * FROM orders WHERE id = ${id} AND ${guard.sql}),
         l AS (SELECT position, name, sku, quantity, unit_price, line_total, discount, gift,
                 line_total - discount AS amount FROM order_lines WHERE order_id = ${id}),
         d AS (SELECT o.delivery_fee - (o.discount - COALESCE((SELECT SUM(discount) FROM l), 0)) AS paid FROM o)
       INSERT INTO invoices (kind, number, order_id, issued_at, snapshot)
       SELECT 'invoice', c.last + 1, o.id, ?${n + 2}, json_object(
         'seller', json(s.value),
         'order', json_object('number', o.number, 'placedAt', o.created_at, 'payment', o.payment_method,
           'delivery', o.delivery_method),
         'suppliedAt', (SELECT MAX(created_at) FROM order_events
           WHERE order_id = o.id AND kind = 'status' AND to_status IN ('paid', 'completed')),
         'buyer', json_object('name', o.first_name || ' ' || o.last_name, 'email', o.email, 'phone', o.phone,
           'address', CASE WHEN o.delivery_method = 'transport'
             THEN json_array(o.address, o.city, o.region, o.postcode) END,
           'company', b.company, 'trn', b.trn, 'companyAddress', b.address),
         'lines', json((SELECT json_group_array(json_object('name', name, 'sku', sku, 'quantity', quantity,
           'unitPrice', unit_price, 'gross', line_total, 'discount', discount, 'amount', amount,
           'vat', ${vatOf("amount")}, 'gift', gift)) FROM (SELECT * FROM l ORDER BY position))),
         'discounts', json((SELECT json_group_array(json_object('name', name, 'code', code, 'amount', amount))
           FROM (SELECT * FROM order_discounts WHERE order_id = o.id ORDER BY position))),
         'delivery', json_object('fee', o.delivery_fee, 'discount', o.delivery_fee - d.paid, 'amount', d.paid,
           'vat', ${vatOf("d.paid")}),
         'codFee', json_object('amount', o.cod_fee, 'vat', ${vatOf("o.cod_fee")}),
         'vatRate', ${R},
         'vat', COALESCE((SELECT SUM(${vatOf("amount")}) FROM l), 0) + ${vatOf("d.paid")} + ${vatOf("o.cod_fee")},
         'total', o.total)
       FROM o CROSS JOIN d
       JOIN invoice_counters c ON c.sequence = 'invoice'
       JOIN shop_settings s ON s.key = 'seller' AND length(json_extract(s.value, '$.trn')) = 15
       LEFT JOIN order_business_buyers b ON b.order_id = o.id
       WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE order_id = o.id AND kind = 'invoice')`,
    )
    .bind(...guard.params, orderId, issuedAt.toISOString());
  return [insert, advance(db, "invoice")];
}

/**
 * Issues a tax credit note for the order's invoice, when it has one and no credit note yet: it names
 * the invoice (number and date), credits the whole of it (its snapshot), and says why.
 */
export function creditNoteStatements(
  db: D1Database,
  orderId: number,
  guard: Guard,
  reason: string,
  issuedAt: Date = new Date(),
): D1PreparedStatement[] {
  const n = guard.params.length;
  const insert = db
    .prepare(
      `INSERT INTO invoices (kind, number, order_id, refers_to, issued_at, snapshot)
       SELECT 'credit_note', c.last + 1, i.order_id, i.id, ?${n + 2},
         json_set(i.snapshot, '$.refersTo', json_object('number', i.number, 'issuedAt', i.issued_at), '$.reason', ?${n + 3})
       FROM invoices i JOIN invoice_counters c ON c.sequence = 'credit_note'
       WHERE i.order_id = ?${n + 1} AND i.kind = 'invoice' AND ${guard.sql}
         AND NOT EXISTS (SELECT 1 FROM invoices WHERE order_id = i.order_id AND kind = 'credit_note')`,
    )
    .bind(...guard.params, orderId, issuedAt.toISOString(), reason);
  return [insert, advance(db, "credit_note")];
}

/** The guard of a change marked on the order with its own id (orders.change_id), as the desk and the card hold write. */
export function changeGuard(orderId: number, changeId: string): Guard {
  return { sql: "(SELECT change_id FROM orders WHERE id = ?1) = ?2", params: [orderId, changeId] };
}
