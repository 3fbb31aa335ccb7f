/**
 * What the embedded CMS asks of the worker it runs in, handed to it by worker/index.ts
 * (createEmbeddedCms): a real Strapi has its own e-mail provider and rate limiter; this one
 * borrows the shop's D1 outbox and D1 counters, without importing the shop. Nothing of the
 * storefront is imported here, and the storefront reaches the CMS only as a fetch.
 */
import type { TextLocale } from "../../../shared/i18n/locales";

/** The languages the auth e-mails are written in: the text catalogue's (worker/cms/auth/auth-mail.ts). */
export type MailLocale = TextLocale;

export interface CmsMail {
  to: string;
  subject: string;
  text: string;
  /** The same message in HTML, when it has one. */
  html?: string;
  /** What the message is about, e.g. "reset-password". */
  kind: string;
}

export interface CmsRateLimitRule {
  action: string;
  limit: number;
  windowSeconds: number;
}

export interface CmsHost {
  /**
   * The language an account reads its e-mails in, as the shop keeps it (English when it knows
   * none). A real Strapi writes its e-mails from its own templates; the embedded CMS writes them
   * in the account's language.
   */
  accountLocale(db: D1Database, userId: number): Promise<MailLocale>;
  /** The statement that remembers an account's language; run in the batch that queues a mail written in it. */
  rememberLocale(db: D1Database, userId: number, locale: MailLocale): D1PreparedStatement;
  /** The statement that queues an e-mail; the CMS runs it in the batch that writes the code it carries. */
  queueMail(db: D1Database, message: CmsMail): D1PreparedStatement;
  /** Counts one hit of a fixed-window limit, shared by every isolate. */
  hitRateLimit(
    db: D1Database,
    rule: CmsRateLimitRule,
    subject: string,
  ): Promise<{ allowed: boolean; remaining: number; retryAfter: number }>;
  /** The caller's address as a rate-limit subject (IPv6 as its /64). */
  clientNetwork(headers: Headers): string;
}

/** The embedded CMS's Hono environment: the worker's bindings and the host it was given. */
export interface CmsEnv {
  Bindings: Env;
  Variables: { host: CmsHost };
}
