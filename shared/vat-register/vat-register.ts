import { documentNumber, type IssuedDocument } from "../invoices/invoice-snapshot";
import type { Fils } from "../money";
import { type Emirate, placeOfSupply, type SupplyPlace } from "./place-of-supply";

/**
 * The VAT register of a period (docs/decisions/0121-a-vat-register-read-from-the-issued-snapshots.md):
 * every tax invoice and credit note issued in it, each as its snapshot kept it, a credit note's amounts
 * negative; and the totals a VAT return asks for, standard-rated supplies (net of VAT) and output VAT,
 * net of credit notes, in all and per emirate. Every amount is in fils, so each total is the exact sum
 * of its entries.
 */
export interface RegisterSource {
  kind: IssuedDocument["kind"];
  number: number;
  issuedAt: string;
  orderNumber: string;
  company: string | null;
  trn: string | null;
  /** What the snapshot says was paid, VAT included, and the VAT in it (both positive as kept). */
  total: Fils;
  vat: Fils;
  /** A credit note's: the number of the invoice it cancels. */
  refersTo: number | null;
  place: SupplyPlace;
}

export interface RegisterEntry {
  kind: IssuedDocument["kind"];
  /** As printed: INV-000042, CN-000007. */
  number: string;
  issuedAt: string;
  orderNumber: string;
  /** A business buyer's name and TRN; null for a simplified invoice. */
  business: { company: string; trn: string } | null;
  emirate: Emirate | null;
  pickup: boolean;
  /** Taxable amount (net of VAT), VAT and total: negative on a credit note. */
  net: Fils;
  vat: Fils;
  total: Fils;
  refersTo: string | null;
}

export interface Sums {
  net: Fils;
  vat: Fils;
  total: Fils;
}

export interface VatRegister {
  entries: RegisterEntry[];
  invoices: number;
  creditNotes: number;
  totals: Sums;
  /** Per emirate, every one of the seven present (zero when nothing was supplied there). */
  byEmirate: Map<Emirate, Sums>;
  /** The entries whose emirate is not known, summed: to be put in a box by hand. */
  unplaced: Sums & { count: number };
}

const zero = (): Sums => ({ net: 0, vat: 0, total: 0 });

function add(sums: Sums, entry: RegisterEntry): void {
  sums.net += entry.net;
  sums.vat += entry.vat;
  sums.total += entry.total;
}

export function buildRegister(sources: readonly RegisterSource[], emirates: readonly Emirate[]): VatRegister {
  const byEmirate = new Map<Emirate, Sums>(emirates.map((e) => [e, zero()]));
  const totals = zero();
  const unplaced = { ...zero(), count: 0 };
  const entries = sources.map((source): RegisterEntry => {
    const sign = source.kind === "credit_note" ? -1 : 1;
    const entry: RegisterEntry = {
      kind: source.kind,
      number: documentNumber(source.kind, source.number),
      issuedAt: source.issuedAt,
      orderNumber: source.orderNumber,
      business: source.company && source.trn ? { company: source.company, trn: source.trn } : null,
      emirate: placeOfSupply(source.place),
      pickup: source.place.delivery === "pickup",
      net: sign * (source.total - source.vat),
      vat: sign * source.vat,
      total: sign * source.total,
      refersTo: source.refersTo === null ? null : documentNumber("invoice", source.refersTo),
    };
    add(totals, entry);
    const place = entry.emirate ? byEmirate.get(entry.emirate) : undefined;
    if (place) add(place, entry);
    else {
      add(unplaced, entry);
      unplaced.count++;
    }
    return entry;
  });
  return {
    entries,
    invoices: entries.filter((e) => e.kind === "invoice").length,
    creditNotes: entries.filter((e) => e.kind === "credit_note").length,
    totals,
    byEmirate,
    unplaced,
  };
}

/** AED with two decimals and no grouping, as a spreadsheet reads it: 1234.50, -12.00. */
export function aedDecimal(fils: Fils): string {
  const sign = fils < 0 ? "-" : "";
  const abs = Math.abs(fils);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
