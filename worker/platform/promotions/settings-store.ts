import { type ShopSettings, settingsOf } from "../../../shared/promotions/shop-settings";
import { type Actor, auditStatement } from "../audit/staff-audit-store";

/** D1 access for the desk's delivery settings (shop_settings, key `delivery`; docs/decisions/0109-delivery-settings-on-the-desk.md). */
export async function readSettings(db: D1Database): Promise<ShopSettings> {
  const row = await db
    .prepare("SELECT value, version FROM shop_settings WHERE key = 'delivery'")
    .first<{ value: string; version: number }>();
  return settingsOf(row?.value ?? null, row?.version ?? 0);
}

/** Saves the settings from the version the page showed (0: never saved); false when another save won. */
export async function saveSettings(
  db: D1Database,
  before: ShopSettings,
  after: Omit<ShopSettings, "version">,
  actor: Actor,
): Promise<boolean> {
  const seen = before.version;
  const guard = { sql: "COALESCE((SELECT version FROM shop_settings WHERE key = 'delivery'), 0) = ?1", params: [seen] };
  const { version: _v, ...was } = before;
  const [, saved] = await db.batch([
    auditStatement(db, guard, {
      actor,
      action: "change",
      recordKind: "settings",
      recordId: "delivery",
      before: was,
      after,
    }),
    db
      .prepare(
        `INSERT INTO shop_settings (key, value, version) SELECT 'delivery', ?2, ?1 + 1 WHERE ${guard.sql}
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, version = excluded.version,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(seen, JSON.stringify(after)),
  ]);
  return (saved!.meta.changes ?? 0) > 0;
}
