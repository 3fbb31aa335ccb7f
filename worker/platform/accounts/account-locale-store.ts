import { DEFAULT_LOCALE, type Locale } from "../../../shared/constants";
import { isLocale } from "../../../shared/locale-path";

/**
 * An account's language (migrations/0110): the one it last signed in, placed an order or
 * switched to, so e-mails to it can be written in it. An account with no row is English.
 */

/** The statement that remembers an account's language (in a batch, or run alone). */
export function rememberAccountLocaleStatement(db: D1Database, userId: number, locale: Locale): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO account_locales (user_id, locale) VALUES (?1, ?2)
       ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE account_locales.locale <> excluded.locale`,
    )
    .bind(userId, locale);
}

export async function rememberAccountLocale(db: D1Database, userId: number, locale: Locale): Promise<void> {
  await rememberAccountLocaleStatement(db, userId, locale).run();
}

export async function accountLocale(db: D1Database, userId: number): Promise<Locale> {
  const row = await db
    .prepare("SELECT locale FROM account_locales WHERE user_id = ?1")
    .bind(userId)
    .first<{ locale: string }>();
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}
