// The browser tests share npm start's runner (scripts/serve.mjs) so they test what a developer runs.
import { startFreshShop } from "../../scripts/serve.mjs";
import { drawQueuedMail } from "./draw-mail.mjs";

export interface OutboxMessage {
  recipient: string;
  subject: string;
  body_text: string;
  /** The HTML part of a shopper's e-mail (null for staff e-mails). */
  body_html: string | null;
  kind: string;
}

export interface TestShop {
  url: string;
  /** The e-mails the shop queued (newest first), read straight from its D1. */
  readOutbox(recipient?: string): Promise<OutboxMessage[]>;
  /** Runs one SQL statement against the shop's D1 (e.g. approving a review, as a moderator would). */
  execute(sql: string, ...params: (string | number | null)[]): Promise<void>;
  /** Moves the CMS content version on, as the README tells a moderator to after approving reviews. */
  moveContentVersion(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * The production build in workerd on a free port, migrated and seeded from scratch. `log`: given,
 * receives everything the worker prints (stdout and stderr, as text); otherwise it is read and dropped.
 */
export async function startTestShop(
  vars: Record<string, string> = {},
  { log }: { log?: (text: string) => void } = {},
): Promise<TestShop> {
  const shop = await startFreshShop({ vars, log: log ?? false });
  return {
    url: shop.url,
    async readOutbox(recipient) {
      const db = await shop.mf.getD1Database("DB");
      // An order's e-mails are drawn when the cron sends them (decision 0141): draw them now, as it would.
      await drawQueuedMail(db, 1000);
      const sql = "SELECT recipient, subject, body_text, body_html, kind FROM outbox";
      const statement = recipient
        ? db.prepare(`${sql} WHERE recipient = ?1 ORDER BY id DESC`).bind(recipient)
        : db.prepare(`${sql} ORDER BY id DESC`);
      return (await statement.all<OutboxMessage>()).results;
    },
    async execute(sql, ...params) {
      const db = await shop.mf.getD1Database("DB");
      await db
        .prepare(sql)
        .bind(...params)
        .run();
    },
    async moveContentVersion() {
      // Typed here: miniflare's declarations name @cloudflare/workers-types, which the shop does not
      // install (the worker's runtime types are worker-configuration.d.ts; see tsconfig.json).
      const { CMS_CACHE } = await shop.mf.getBindings<{
        CMS_CACHE: { put(key: string, value: string): Promise<void> };
      }>();
      await CMS_CACHE.put("cms:content-version", `moderated-${Date.now().toString(36)}`);
    },
    dispose: () => shop.mf.dispose(),
  };
}
