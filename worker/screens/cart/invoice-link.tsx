import { useTexts } from "../../frame/i18n/texts";
import { documentsStatement, readDocuments } from "../../platform/invoices/invoice-store";

/**
 * The order page's link to `…/invoice` (decision 0116), named by what it opens: the tax invoice once
 * one is issued, the order's confirmation until then (that page says it is not a tax invoice).
 */

/** The order's documents, read in the order's own batch (worker/screens/cart/owned-order.ts `more`). */
export function withDocuments(number: string) {
  return (db: D1Database) => [documentsStatement(db, number)];
}

/** Whether the batch's documents (its first `more` result) hold an issued invoice. */
export function invoiceIssued(more: readonly D1Result[]): boolean {
  return readDocuments(more[0]).some((doc) => doc.kind === "invoice");
}

export function InvoiceLink({ href, issued }: { href: string; issued: boolean }) {
  const t = useTexts();
  return (
    <p>
      <a href={href}>{issued ? t.m.orders.invoice : t.m.orders.confirmationLink}</a>
    </p>
  );
}
