import type { InvoiceSnapshot, IssuedDocument } from "../../../shared/invoices/invoice-snapshot";

/** D1 access for reading an order's tax invoice and credit note (invoices; decision 0116). */
interface DocumentRow {
  kind: IssuedDocument["kind"];
  number: number;
  issued_at: string;
  snapshot: string;
}

/** The order's documents, found by its number: for a batch with the order itself (no round trip of its own). */
export function documentsStatement(db: D1Database, orderNumber: string): D1PreparedStatement {
  return db
    .prepare(
      `SELECT kind, number, issued_at, snapshot FROM invoices
       WHERE order_id = (SELECT id FROM orders WHERE number = ?1) ORDER BY kind DESC`,
    )
    .bind(orderNumber);
}

export function readDocuments(result: D1Result | undefined): IssuedDocument[] {
  return ((result?.results ?? []) as DocumentRow[]).map((row) => ({
    kind: row.kind,
    number: row.number,
    issuedAt: row.issued_at,
    snapshot: JSON.parse(row.snapshot) as InvoiceSnapshot,
  }));
}

/** The order's documents by its id, for the desk's order page. */
export async function listDocuments(db: D1Database, orderId: number): Promise<IssuedDocument[]> {
  const result = await db
    .prepare("SELECT kind, number, issued_at, snapshot FROM invoices WHERE order_id = ?1 ORDER BY kind DESC")
    .bind(orderId)
    .all();
  return readDocuments(result);
}
