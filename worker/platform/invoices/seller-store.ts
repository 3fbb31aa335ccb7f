import { type Seller, type SellerSettings, sellerOf } from "../../../shared/invoices/seller";
import type { Actor } from "../audit/staff-audit-store";
import { saveShopSetting } from "../promotions/settings-store";

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
export function saveSeller(db: D1Database, before: SellerSettings, after: Seller, actor: Actor): Promise<boolean> {
  return saveShopSetting(db, "seller", before, after, actor);
}
