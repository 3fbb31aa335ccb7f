import { type ShopSettings, settingsOf } from "../../../shared/promotions/shop-settings";
import { type Actor, auditStatement } from "../audit/staff-audit-store";

/** D1 access for the desk's delivery settings (shop_settings, key `delivery`; docs/decisions/0109-delivery-settings-on-the-desk.md). */
export async function readSettings(db: D1Database): Promise<ShopSettings> {
  const row = await db
    .prepare("SELECT value, version FROM shop_settings WHERE key = 'delivery'")
    .first<{ value: string; version: number }>();
  return settingsOf(row?.value ?? null, row?.version ?? 0);
}

/**
 * Saves one record of shop_settings (`key`: "delivery", "seller", …) from the version the page showed
 * (0: never saved), with its audit row in the same batch; false when another save won. The one way the
 * desk's settings are written (this file's delivery settings, invoices/seller-store.ts's seller).
 */
export async function saveShopSetting<T extends { version: number }>(
  db: D1Database,
  key: string,
  before: T,
  after: Omit<T, "version">,
  actor: Actor,
): Promise<boolean> {
  const seen = before.version;
  const guard = { sql: "COALESCE((SELECT version FROM shop_settings WHERE key = ?2), 0) = ?1", params: [seen, key] };
  const { version: _v, ...was } = before;
  const [, saved] = await db.batch([
    auditStatement(db, guard, {
      actor,
      action: "change",
      recordKind: "settings",
      recordId: key,
      before: was,
      after,
    }),
    db
      .prepare(
        `INSERT INTO shop_settings (key, value, version) SELECT ?2, ?3, ?1 + 1 WHERE ${guard.sql}
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = excluded.version,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(seen, key, JSON.stringify(after)),
  ]);
  return (saved!.meta.changes ?? 0) > 0;
}

/** Saves the delivery settings from the version the page showed; false when another save won. */
export function saveSettings(
  db: D1Database,
  before: ShopSettings,
  after: Omit<ShopSettings, "version">,
  actor: Actor,
): Promise<boolean> {
  return saveShopSetting(db, "delivery", before, after, actor);
}
