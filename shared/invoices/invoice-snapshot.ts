import type { Fils } from "../money";
import type { Seller } from "./seller";

/**
 * An issued tax invoice or credit note as it was kept when issued (invoices.snapshot, written by
 * worker/platform/invoices/invoice-statements.ts): everything it shows, so that a later price, a
 * renamed product or a changed setting never changes it.
 */
export interface InvoiceLine {
  name: string;
  sku: string | null;
  quantity: number;
  unitPrice: Fils;
  /** unitPrice × quantity. */
  gross: Fils;
  /** This line's share of the order's discounts. */
  discount: Fils;
  /** What was paid for the line: gross − discount, VAT included. */
  amount: Fils;
  /** round(amount × rate / (100 + rate)). */
  vat: Fils;
  gift: number;
}

export interface Charge {
  amount: Fils;
  vat: Fils;
}

export interface InvoiceSnapshot {
  seller: Seller;
  order: { number: string; placedAt: string; payment: "cash" | "online"; delivery: "transport" | "pickup" };
  /** When the order became paid or was delivered, when that was recorded; the issue date otherwise. */
  suppliedAt: string | null;
  buyer: {
    name: string;
    email: string;
    phone: string;
    address: (string | null)[] | null;
    /** A VAT-registered business buyer: a full tax invoice names it. */
    company: string | null;
    trn: string | null;
    /** The business buyer's own address, which its full invoice prints; absent on orders from before it was asked. */
    companyAddress?: string | null;
  };
  lines: InvoiceLine[];
  discounts: { name: string; code: string | null; amount: Fils }[];
  delivery: Charge & { fee: Fils; discount: Fils };
  codFee: Charge;
  vatRate: number;
  vat: Fils;
  total: Fils;
  /** A credit note's: the invoice it cancels, and why. */
  refersTo?: { number: number; issuedAt: string };
  reason?: string;
}

export interface IssuedDocument {
  kind: "invoice" | "credit_note";
  number: number;
  issuedAt: string;
  snapshot: InvoiceSnapshot;
}

/** The number as printed: INV-000042, CN-000007. */
export function documentNumber(kind: IssuedDocument["kind"], number: number): string {
  return `${kind === "invoice" ? "INV" : "CN"}-${String(number).padStart(6, "0")}`;
}

/** Net of VAT, the amount less its VAT. */
export function netOf(charge: { amount: Fils; vat: Fils }): Fils {
  return charge.amount - charge.vat;
}
