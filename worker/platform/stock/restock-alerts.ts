/**
 * The one e-mail of "tell me when it's back", queued when a SKU is on hand again.
 *
 * Contract (for the staff stock desk, its CSV import, and anything else that raises stock):
 *
 * - Call `queueRestockAlerts(db, skus, origin)` after a stock write has committed, with the SKUs
 *   that write raised from 0 (or gave a first stock row above 0). `origin` is the shop's public
 *   origin for the links (`siteOrigin(c)`). It answers how many alerts it queued.
 * - It knows stock, not the CMS: leave out a SKU the CMS has taken off sale (availability
 *   "out_of_stock" or "none" whatever the stock; `stockState` does not say "in_stock"), or its
 *   waiting shoppers are told it is back while its page says it is not.
 * - Or put `await restockAlertStatements(db, skus, origin)` at the END of the same D1 batch as the
 *   stock write, so the alerts are queued if and only if that write commits.
 * - Each confirmed subscription of a listed SKU whose `stock_levels.on_hand` is above 0 when the
 *   batch runs gets exactly one e-mail (kind `restock-alert`, with its own unsubscribe link in the
 *   text and in List-Unsubscribe / List-Unsubscribe-Post) and is marked `sent` in the same batch.
 *   Pending (unconfirmed), sent and unsubscribed subscriptions get nothing; a SKU without stock,
 *   or without a stock row, gets nothing.
 * - Safe to call twice, late, or at the same moment from two requests: the e-mail is inserted only
 *   for a row still `confirmed`, and the batch that inserts it marks it `sent`; D1 runs batches
 *   one at a time, so the second finds nothing left to send. Calling it for a SKU that was never
 *   at 0 sends nothing unless someone is waiting for it, which is what a caller wants anyway.
 * - Cost: one read, then two statements per 100 waiting subscriptions, however many there are.
 */
import type { Locale } from "../../../shared/constants";
import { routePath } from "../../../shared/links";
import { isLocale, localizePath } from "../../../shared/locale-path";
import { headersJson, sealed } from "../mail/mailer";
import { restockMail } from "../mail/stock-alert-mails";
import { isoTime, newLinkToken } from "./stock-alert-store";

/** Subscriptions per pair of statements: keeps the JSON parameter well under D1's limits. */
const CHUNK = 100;

interface Waiting {
  id: number;
  email: string;
  item_name: string;
  product_path: string;
  locale: string;
}

/** Confirmed subscriptions of these SKUs (stock is checked when the statements run). */
async function waitingFor(db: D1Database, skus: readonly string[], onlyInStock: boolean): Promise<Waiting[]> {
  const wanted = [...new Set(skus)];
  if (wanted.length === 0) return [];
  const inStock = onlyInStock ? "AND EXISTS (SELECT 1 FROM stock_levels s WHERE s.sku = a.sku AND s.on_hand > 0)" : "";
  const { results } = await db
    .prepare(
      `SELECT a.id, a.email, a.item_name, a.product_path, a.locale FROM stock_alerts a
       WHERE a.sku IN (SELECT value FROM json_each(?1)) AND a.status = 'confirmed' ${inStock}
       ORDER BY a.id`,
    )
    .bind(JSON.stringify(wanted))
    .all<Waiting>();
  return results;
}

/** Still confirmed, and its SKU on hand: the condition both statements of a chunk share. */
const SENDABLE = `a.status = 'confirmed' AND EXISTS (SELECT 1 FROM stock_levels s WHERE s.sku = a.sku AND s.on_hand > 0)`;

/** The e-mails and their new unsubscribe hashes, as one JSON parameter; then insert and mark in two statements. */
async function chunkStatements(
  db: D1Database,
  chunk: readonly Waiting[],
  origin: string,
  now: number,
): Promise<D1PreparedStatement[]> {
  const items = await Promise.all(
    chunk.map(async (w) => {
      const unsubscribe = await newLinkToken();
      // In the language the alert was asked for in, with links to that language's pages.
      const locale: Locale = isLocale(w.locale) ? w.locale : "en";
      const page = (path: string) => new URL(localizePath(locale, path), `${origin}/`).toString();
      const mail = sealed(
        restockMail(
          locale,
          w.email,
          { itemName: w.item_name, productUrl: page(w.product_path) },
          page(routePath("stock-alerts-unsubscribe", { token: unsubscribe.token })),
        ),
      );
      return {
        id: w.id,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        headers: headersJson(mail.headers),
        hash: unsubscribe.hash,
      };
    }),
  );
  const json = JSON.stringify(items);
  return [
    db
      .prepare(
        `INSERT INTO outbox (recipient, subject, body_text, kind, headers, body_html)
         SELECT a.email, json_extract(j.value, '$.subject'), json_extract(j.value, '$.text'), 'restock-alert',
                json_extract(j.value, '$.headers'), json_extract(j.value, '$.html')
         FROM json_each(?1) j JOIN stock_alerts a ON a.id = json_extract(j.value, '$.id')
         WHERE ${SENDABLE}
         ORDER BY a.id`,
      )
      .bind(json),
    db
      .prepare(
        `UPDATE stock_alerts AS a SET status = 'sent', sent_at = ?2,
           unsubscribe_hash = (SELECT json_extract(j.value, '$.hash') FROM json_each(?1) j
                               WHERE json_extract(j.value, '$.id') = a.id)
         WHERE a.id IN (SELECT json_extract(value, '$.id') FROM json_each(?1)) AND ${SENDABLE}`,
      )
      .bind(json, isoTime(now)),
  ];
}

async function statementsFor(
  db: D1Database,
  waiting: readonly Waiting[],
  origin: string,
  now: number,
): Promise<D1PreparedStatement[]> {
  const chunks: Waiting[][] = [];
  for (let i = 0; i < waiting.length; i += CHUNK) chunks.push(waiting.slice(i, i + CHUNK));
  return (await Promise.all(chunks.map((chunk) => chunkStatements(db, chunk, origin, now)))).flat();
}

/**
 * Statements for the end of the batch that raises stock: they queue the alerts if, when they run,
 * the SKU is on hand and the subscription still confirmed. See the contract above.
 */
export async function restockAlertStatements(
  db: D1Database,
  skus: readonly string[],
  origin: string,
  now = Date.now(),
): Promise<D1PreparedStatement[]> {
  return statementsFor(db, await waitingFor(db, skus, false), origin, now);
}

/** Queues the alerts for SKUs whose stock was raised (a committed write); answers how many. See the contract above. */
export async function queueRestockAlerts(
  db: D1Database,
  skus: readonly string[],
  origin: string,
  now = Date.now(),
): Promise<number> {
  const batch = await statementsFor(db, await waitingFor(db, skus, true), origin, now);
  if (batch.length === 0) return 0;
  const results = await db.batch(batch);
  // Every other statement is an insert into the outbox.
  return results.reduce((sum, result, i) => sum + (i % 2 === 0 ? (result.meta.changes ?? 0) : 0), 0);
}
