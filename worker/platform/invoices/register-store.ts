import type { VatPeriod } from "../../../shared/vat-register/vat-period";
import type { RegisterSource } from "../../../shared/vat-register/vat-register";

/**
 * D1 access for the VAT register (docs/decisions/0121-a-vat-register-read-from-the-issued-snapshots.md):
 * the documents issued in a period, each read from its snapshot alone (never the order's or the
 * products' rows as they are now), only the fields the register shows, in one statement: invoices in
 * number order, then credit notes in number order. The range is on `issued_at`, ISO instants in UTC as
 * every issue writes them (invoices_issued_at, migrations/0146_invoices_issued_at.sql).
 */
interface RegisterRow {
  kind: RegisterSource["kind"];
  number: number;
  issued_at: string;
  order_number: string;
  delivery: "transport" | "pickup";
  street: string | null;
  city: string | null;
  region: string | null;
  company: string | null;
  trn: string | null;
  seller_address: string | null;
  total: number;
  vat: number;
  refers_to: number | null;
}

export function registerStatement(db: D1Database, period: VatPeriod): D1PreparedStatement {
  return db
    .prepare(
      `SELECT kind, number, issued_at,
         json_extract(snapshot, '$.order.number') AS order_number,
         json_extract(snapshot, '$.order.delivery') AS delivery,
         json_extract(snapshot, '$.buyer.address[0]') AS street,
         json_extract(snapshot, '$.buyer.address[1]') AS city,
         json_extract(snapshot, '$.buyer.address[2]') AS region,
         json_extract(snapshot, '$.buyer.company') AS company,
         json_extract(snapshot, '$.buyer.trn') AS trn,
         json_extract(snapshot, '$.seller.address') AS seller_address,
         json_extract(snapshot, '$.total') AS total,
         json_extract(snapshot, '$.vat') AS vat,
         json_extract(snapshot, '$.refersTo.number') AS refers_to
       FROM invoices WHERE issued_at >= ?1 AND issued_at < ?2
       ORDER BY kind = 'credit_note', number`,
    )
    .bind(period.start.toISOString(), period.end.toISOString());
}

export function readRegisterRows(result: D1Result | undefined): RegisterSource[] {
  return ((result?.results ?? []) as RegisterRow[]).map((row) => ({
    kind: row.kind,
    number: row.number,
    issuedAt: row.issued_at,
    orderNumber: row.order_number,
    company: row.company,
    trn: row.trn,
    total: row.total,
    vat: row.vat,
    refersTo: row.refers_to,
    place: {
      delivery: row.delivery,
      region: row.region,
      city: row.city,
      street: row.street,
      sellerAddress: row.seller_address,
    },
  }));
}

/** The period's documents: one round trip. */
export async function readRegister(db: D1Database, period: VatPeriod): Promise<RegisterSource[]> {
  const [result] = await db.batch([registerStatement(db, period)]);
  return readRegisterRows(result);
}
