import { type Seller, type SellerSettings, sellerOf } from "../../../shared/invoices/seller";
import { type Actor, auditStatement } from "../audit/staff-audit-store";

/**
 * D1 access for the seller's details on tax invoices (shop_settings, key `seller`; decision 0116): the
 * one place they are set, on the desk's settings page.
 */
export function sellerStatement(db: D1Database): D1PreparedStatement {
  return db.prepare("SELECT value, version FROM shop_settings WHERE key = 'seller'");
}

export function readSellerRow(result: D1Result | undefined): SellerSettings {
  const row = result?.results[0] as { value: string; version: number } | undefined;
  return sellerOf(row?.value ?? null, row?.version ?? 0);
}

export async function readSeller(db: D1Database): Promise<SellerSettings> {
  const [result] = await db.batch([sellerStatement(db)]);
  return readSellerRow(result);
}

/** Saves the seller from the version the page showed (0: never saved); false when another save won. */
export async function saveSeller(
  db: D1Database,
  before: SellerSettings,
  after: Seller,
  actor: Actor,
): Promise<boolean> {
  const seen = before.version;
  const guard = { sql: "COALESCE((SELECT version FROM shop_settings WHERE key = 'seller'), 0) = ?1", params: [seen] };
  const { version: _v, ...was } = before;
  const [, saved] = await db.batch([
    auditStatement(db, guard, {
      actor,
      action: "change",
      recordKind: "settings",
      recordId: "seller",
      before: was,
      after,
    }),
    db
      .prepare(
        `INSERT INTO shop_settings (key, value, version) SELECT 'seller', ?2, ?1 + 1 WHERE ${guard.sql}
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = excluded.version,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(seen, JSON.stringify(after)),
  ]);
  return (saved!.meta.changes ?? 0) > 0;
}
