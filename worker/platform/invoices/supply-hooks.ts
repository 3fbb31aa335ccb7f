import { creditNoteStatements, type Guard, issueInvoiceStatements } from "./invoice-statements";

/**
 * Where an order's tax documents are issued (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md):
 * one function for the batch that marks an order paid, one for the desk's status changes. Each gives
 * statements for that batch, guarded on its change.
 */

/** An order paid in this batch (a card's or an instalment provider's payment) is a supply: its invoice. */
export function invoiceOnPaid(db: D1Database, orderId: number, guard: Guard): D1PreparedStatement[] {
  return issueInvoiceStatements(db, orderId, guard);
}

/**
 * A status set on the desk in this batch. Delivered is a cash order's supply (and gives any order still
 * without an invoice its invoice); a cancel after the invoice was issued issues its credit note. A
 * refused parcel or a cancel before issue needs neither.
 */
export function invoiceOnStatus(
  db: D1Database,
  change: { orderId: number; to: string | undefined; reason?: string },
  guard: Guard,
): D1PreparedStatement[] {
  if (change.to === "completed") return issueInvoiceStatements(db, change.orderId, guard);
  if (change.to === "cancelled") return creditNoteStatements(db, change.orderId, guard, change.reason ?? "");
  return [];
}
