import type { Context } from "hono";
import { EMIRATE_BOXES } from "../../../../shared/vat-register/place-of-supply";
import { dubaiDay } from "../../../../shared/vat-register/vat-period";
import { aedDecimal, type Sums, type VatRegister } from "../../../../shared/vat-register/vat-register";
import type { AppEnv } from "../../../platform/app-env";
import { csvCell } from "../orders/staff-orders";
import { placeWords } from "./register-tables";
import { loadRegister, vatRegisterPage } from "./staff-vat-register";

/**
 * `/staff/invoices.csv?period=2026-Q4`: the VAT register as a spreadsheet
 * (docs/decisions/0121-a-vat-register-read-from-the-issued-snapshots.md). UTF-8 with a byte order mark,
 * so Excel reads Arabic names; amounts as decimal AED with two places, written by the shop as numbers
 * (a credit note's -12.50 stays a number); every text cell through csvCell (a cell a spreadsheet would
 * run as a formula starts with a quote mark). One row a document, invoices
 * then credit notes in number order, then the totals in the same columns: one row per VAT 201 box,
 * the documents whose emirate is not known, and the period's total.
 */
const HEADER = [
  "type",
  "number",
  "date of issue (Dubai)",
  "order",
  "buyer",
  "buyer TRN",
  "emirate",
  "credit note for",
  "taxable amount AED",
  "VAT AED",
  "total AED",
];

/** A row: its text cells escaped, then its three amounts (net, VAT, total) as plain numbers. */
function row(texts: (string | null)[], sums: Sums): string {
  return [...texts.map(csvCell), aedDecimal(sums.net), aedDecimal(sums.vat), aedDecimal(sums.total)].join(",");
}

function totalRow(label: string, emirate: string, sums: Sums): string {
  return row([label, "", "", "", "", "", emirate, ""], sums);
}

export function registerCsv(register: VatRegister): string {
  const rows = register.entries.map((entry) =>
    row(
      [
        entry.kind === "invoice" ? "tax invoice" : "credit note",
        entry.number,
        dubaiDay(entry.issuedAt),
        entry.orderNumber,
        entry.business ? entry.business.company : "simplified",
        entry.business?.trn ?? "",
        placeWords(entry),
        entry.refersTo,
      ],
      entry,
    ),
  );
  for (const [emirate, box] of EMIRATE_BOXES) {
    rows.push(totalRow(`total box ${box}`, emirate, register.byEmirate.get(emirate) ?? { net: 0, vat: 0, total: 0 }));
  }
  if (register.unplaced.count > 0) rows.push(totalRow("total emirate not known", "", register.unplaced));
  rows.push(totalRow("total", "", register.totals));
  return `\uFEFF${[HEADER.map(csvCell).join(","), ...rows].join("\r\n")}\r\n`;
}

export async function vatRegisterCsv(c: Context<AppEnv>): Promise<Response> {
  const loaded = await loadRegister(c);
  // A period that cannot be one: the page, with the sentence beside its field.
  if ("problem" in loaded) return vatRegisterPage(c);
  return new Response(registerCsv(loaded.register), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="vat-register-${loaded.period.key}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
