/**
 * Whether an order will have a tax document to link to once a desk status change is saved, so its
 * e-mail links one only when it exists (decision 0116): a delivered order has its invoice if it already
 * had one or the batch issues it (it does when the seller's TRN is set, as issueInvoiceStatements in
 * worker/platform/invoices/invoice-statements.ts reads it); a cancelled one has a credit note only if an
 * invoice was issued before. Any other status links none. One read, before the change's batch.
 */
export async function documentAfterChange(db: D1Database, orderId: number, to: string): Promise<boolean> {
  if (to !== "completed" && to !== "cancelled") return false;
  const row = await db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM invoices WHERE order_id = ?1 AND kind = 'invoice') AS issued,
         EXISTS (SELECT 1 FROM shop_settings WHERE key = 'seller'
           AND length(json_extract(value, '$.trn')) = 15) AS can_issue`,
    )
    .bind(orderId)
    .first<{ issued: number; can_issue: number }>();
  return Boolean(row?.issued) || (to === "completed" && Boolean(row?.can_issue));
}
