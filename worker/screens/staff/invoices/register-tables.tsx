import { routePath } from "../../../../shared/links";
import type { Fils } from "../../../../shared/money";
import { EMIRATE_BOXES } from "../../../../shared/vat-register/place-of-supply";
import { dubaiDay } from "../../../../shared/vat-register/vat-period";
import type { RegisterEntry, Sums, VatRegister } from "../../../../shared/vat-register/vat-register";
import { StaffRowHead, StaffTable } from "../desk/staff-list";

/**
 * The VAT register's two tables (docs/decisions/0121-a-vat-register-read-from-the-issued-snapshots.md):
 * the totals as VAT 201's box 1 asks for them, per emirate, then every document of the period. Amounts
 * are AED without the currency's name (the column says it), so the box table fits a phone's width.
 */
const amount = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function aed(fils: Fils): string {
  return amount.format(fils / 100);
}

/** Where a document's supply is reported: its emirate, how it was found, or that it is not known. */
export function placeWords(entry: RegisterEntry): string {
  if (!entry.emirate) return entry.pickup ? "Not known (pick-up)" : "Not known";
  return entry.pickup ? `${entry.emirate} (pick-up)` : entry.emirate;
}

export function buyerWords(entry: RegisterEntry): string {
  return entry.business ? `${entry.business.company}, TRN ${entry.business.trn}` : "Simplified (not registered)";
}

function SumCells({ sums }: { sums: Sums }) {
  return (
    <>
      <td data-label="Standard-rated supplies (AED)" className="staff-table__num">
        {aed(sums.net)}
      </td>
      <td data-label="Output VAT (AED)" className="staff-table__num">
        {aed(sums.vat)}
      </td>
    </>
  );
}

export function BoxTable({ register }: { register: VatRegister }) {
  return (
    <StaffTable
      label="Totals for the VAT return"
      caption="Standard-rated supplies and output VAT per emirate, net of credit notes (VAT 201, box 1)"
      className="staff-table--boxes"
      columns={["Box and emirate", { label: "Supplies (AED)", num: true }, { label: "VAT (AED)", num: true }]}
      foot={
        <tr>
          <th scope="row">Total</th>
          <SumCells sums={register.totals} />
        </tr>
      }
    >
      {EMIRATE_BOXES.map(([emirate, box]) => (
        <tr key={box}>
          <th scope="row">
            {box} {emirate}
          </th>
          <SumCells sums={register.byEmirate.get(emirate) ?? { net: 0, vat: 0, total: 0 }} />
        </tr>
      ))}
      {register.unplaced.count > 0 && (
        <tr>
          <th scope="row">Emirate not known</th>
          <SumCells sums={register.unplaced} />
        </tr>
      )}
    </StaffTable>
  );
}

function EntryRow({ entry }: { entry: RegisterEntry }) {
  return (
    <tr>
      <StaffRowHead
        href={routePath("staff-order-invoice", { number: entry.orderNumber })}
        title={entry.number}
        sub={entry.refersTo ? `Credit note for ${entry.refersTo}` : null}
      />
      <td data-label="Date of issue">{dubaiDay(entry.issuedAt)}</td>
      <td data-label="Order">{entry.orderNumber}</td>
      <td data-label="Buyer">{buyerWords(entry)}</td>
      <td data-label="Emirate">{placeWords(entry)}</td>
      <td data-label="Taxable amount (AED)" className="staff-table__num">
        {aed(entry.net)}
      </td>
      <td data-label="VAT (AED)" className="staff-table__num">
        {aed(entry.vat)}
      </td>
      <td data-label="Total (AED)" className="staff-table__num">
        {aed(entry.total)}
      </td>
    </tr>
  );
}

/** One page of the period's documents, with the whole period's total at its foot. */
export function EntriesTable({ register, entries }: { register: VatRegister; entries: readonly RegisterEntry[] }) {
  return (
    <StaffTable
      label="Invoices and credit notes"
      caption="Every tax invoice and credit note issued in the period, in number order"
      className="staff-table--stack staff-table--register"
      columns={[
        "Number",
        "Date of issue",
        "Order",
        "Buyer",
        "Emirate",
        { label: "Taxable amount (AED)", num: true },
        { label: "VAT (AED)", num: true },
        { label: "Total (AED)", num: true },
      ]}
      foot={
        <tr>
          <th scope="row" colSpan={5}>
            Total of the period
          </th>
          <td data-label="Taxable amount (AED)" className="staff-table__num">
            {aed(register.totals.net)}
          </td>
          <td data-label="VAT (AED)" className="staff-table__num">
            {aed(register.totals.vat)}
          </td>
          <td data-label="Total (AED)" className="staff-table__num">
            {aed(register.totals.total)}
          </td>
        </tr>
      }
    >
      {entries.map((entry) => (
        <EntryRow key={entry.number} entry={entry} />
      ))}
    </StaffTable>
  );
}
