import type { ReactNode } from "react";
import PrintButton from "../../../client/islands/print-button";
import { ar } from "../../../shared/i18n/ar";
import { en } from "../../../shared/i18n/en";
import type { IssuedDocument } from "../../../shared/invoices/invoice-snapshot";
import { Island } from "../../frame/islands/island";
import { Bi } from "./bilingual";
import { InvoiceDocument } from "./invoice-document";

/**
 * The invoice page's body, the same for the order's owner, its guest link and staff (decision 0116): a
 * way back, the Print button, then the tax invoice and its credit note, each on its own printed page. An
 * order with no invoice yet says it is an order confirmation, not a tax invoice, above `confirmation`.
 */
export function InvoiceSheet({
  documents,
  back,
  confirmation,
}: {
  documents: IssuedDocument[];
  back: { href: string; label: ReactNode };
  confirmation: ReactNode;
}) {
  return (
    <div className="invoice-sheet">
      <div className="invoice-tools">
        <a href={back.href}>{back.label}</a>
        <Island
          name="print-button"
          component={PrintButton}
          props={{ label: `${en.invoice.print} · ${ar.invoice.print}` }}
          wake="load"
        />
      </div>
      {documents.length > 0 ? (
        documents.map((doc) => <InvoiceDocument key={doc.kind} doc={doc} />)
      ) : (
        <section className="invoice invoice--not-yet" aria-labelledby="invoice-not-yet">
          <h1 id="invoice-not-yet">
            <Bi word="notYetTitle" />
          </h1>
          <p className="notice notice--info">
            <Bi word="notYet" />
          </p>
          <Bi word="notYetWhen" block />
          {confirmation}
        </section>
      )}
    </div>
  );
}
