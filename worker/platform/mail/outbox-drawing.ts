import { reportError } from "../errors/report-error";
import { log } from "../log/log";
import { withoutReordering } from "./mail-text";
import { failureReason, type MailMessage } from "./mailer";
import { type OrderMailRecipe, orderMailWords } from "./order-mails";

/**
 * Messages queued with their recipe instead of their words (mailer.ts `MailToDraw`, decision 0141) are
 * drawn here, when the outbox is about to send them: the order's e-mails, which would otherwise be drawn
 * while the shopper waits for the order. Their words are written into the row (`body_text`, `body_html`)
 * as every other message's are, so what was sent stays what the row says.
 */
interface RowToDraw {
  id: number;
  kind: string;
  to_draw: string;
}

/** A message's words from its kind and recipe; throws when the recipe cannot be drawn. */
function drawWords(row: RowToDraw): Pick<MailMessage, "text" | "html"> {
  const words = orderMailWords(row.kind, JSON.parse(row.to_draw) as OrderMailRecipe);
  if (!words) throw new Error(`No drawing for e-mails of kind ${row.kind}`);
  return words;
}

/** The row's words written (and its recipe dropped), or, when it cannot be drawn, the row failed with why. */
function drawnStatement(db: D1Database, row: RowToDraw): D1PreparedStatement {
  try {
    const { text, html } = drawWords(row);
    return db
      .prepare("UPDATE outbox SET body_text = ?2, body_html = ?3, to_draw = NULL WHERE id = ?1 AND to_draw IS NOT NULL")
      .bind(row.id, withoutReordering(text), html === undefined ? null : withoutReordering(html));
  } catch (error) {
    log.error("An e-mail could not be drawn", { kind: row.kind, error });
    reportError(error, { kind: row.kind });
    // Failed at once: drawing it again gives the same answer until the code changes; staff can retry it then.
    return db
      .prepare(
        `UPDATE outbox SET status = 'failed', last_error = ?2, last_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE id = ?1 AND to_draw IS NOT NULL`,
      )
      .bind(row.id, failureReason(error));
  }
}

/** Draws up to `limit` pending messages queued with a recipe, oldest first, in one batch; answers how many. */
export async function drawQueuedMail(db: D1Database, limit: number): Promise<number> {
  const { results } = await db
    .prepare(
      "SELECT id, kind, to_draw FROM outbox WHERE to_draw IS NOT NULL AND status = 'pending' ORDER BY id LIMIT ?1",
    )
    .bind(limit)
    .all<RowToDraw>();
  if (results.length === 0) return 0;
  await db.batch(results.map((row) => drawnStatement(db, row)));
  return results.length;
}
