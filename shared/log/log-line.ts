/*
 * The one shape of every line the worker writes (decision 0110): one JSON object a line, made here
 * and nowhere else. A line takes a literal message and typed fields only, never a free object, so a
 * shopper's e-mail, phone, name, address, token or cookie has no field to travel in; the strings it
 * does carry (an error's words, a route, a reference) are scrubbed of anything shaped like one on
 * the way out. worker/platform/log/log.ts adds the request's own fields; the embedded CMS (which
 * stands on shared/ alone) writes through here directly.
 */

export type LogLevel = "info" | "warn" | "error";

/** What became of a shared page (worker/platform/page-fate.ts): a kept copy, a stale one, filled from a frame, or drawn now. */
export type FateWord = "kept" | "stale" | "filled" | "rendered";

/** Every field a line may carry, each typed. Adding one is a change to this file, read in review. */
export interface LogFields {
  /**
   * The request's id: its `cf-ray` when it has that shape, else one made for it; a cron run's is
   * `cron-<its time>`. Made by the worker, so written as it is (a UUID's digits are no phone number).
   */
  requestId?: string;
  /** The route's name from the route table (shared/routes.ts), else its row's method and pattern; never a path. */
  route?: string;
  status?: number;
  durationMs?: number;
  /** The Cloudflare location that answered (`request.cf.colo`). */
  colo?: string;
  locale?: string;
  fate?: FateWord;
  /** A step of the cron's work (worker/platform/operations/cron-steps.ts), or a background task's name. */
  step?: string;
  /** How many things a step moved (e-mails sent, rows swept, orders released). */
  count?: number;
  /** What a mail or a record is about (`order-confirmation`, `callback`), never whom. */
  kind?: string;
  /** Product SKUs (not personal). */
  skus?: readonly string[];
  /** A named operation: a CMS query (`products`), a sitemap source, a cache. */
  operation?: string;
  /** Why something was skipped, in the shop's own words (a redirect rule's problem). */
  reason?: string;
  /** A service's reference for an event (a card payment's checkout session id). */
  reference?: string;
  /** The failure, written as its name and its words, scrubbed. */
  error?: unknown;
}

/** An e-mail address, a run of 7 or more digits (a phone number, with its spaces or dashes), a JWT or a long hex/base64 token. */
const PERSONAL_SHAPES: readonly RegExp[] = [
  /[^\s"'<>@()/]+@[^\s"'<>@()/]+\.[a-z]{2,}/gi,
  /\+?\d[\d\s().-]{5,}\d/g,
  /eyJ[\w-]+\.[\w-]+\.[\w-]*/g,
  /\b[A-Za-z0-9_-]{32,}\b/g,
];

/** A string with everything shaped like personal data or a secret replaced by `[scrubbed]`. */
export function scrub(words: string): string {
  return PERSONAL_SHAPES.reduce((text, shape) => text.replace(shape, "[scrubbed]"), words);
}

/** An error as a line carries it: its name and first words, scrubbed; never its stack's values or a cause's object. */
export function errorWords(error: unknown): string {
  const words = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return scrub(words).slice(0, 500);
}

/**
 * A literal message only (`"Mail delivery failed"`): a template with a value in it is a `string`,
 * which this type refuses, so nothing of a request can be written into the message.
 */
export type LiteralMessage<M extends string> = string extends M ? never : M;

/** The line's object, in a fixed order of keys: level and message first, then the fields given. */
export function logRecord(level: LogLevel, message: string, fields: LogFields): Record<string, unknown> {
  const record: Record<string, unknown> = { level, message };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (key === "error") record.error = errorWords(value);
    else if (key === "requestId") record.requestId = value;
    else if (typeof value === "string") record[key] = scrub(value);
    else if (Array.isArray(value)) record[key] = value.map((item) => scrub(String(item)));
    else record[key] = value;
  }
  return record;
}

/** Writes one line: errors to the error stream, the rest to the log (Workers Logs keeps both, with their level). */
export function writeLine<M extends string>(level: LogLevel, message: LiteralMessage<M>, fields: LogFields = {}): void {
  const line = JSON.stringify(logRecord(level, message, fields));
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/**
 * A mail printed for a developer (MAIL_PRINT, no MAIL_API_KEY: worker/platform/mail/mailer.ts), and an
 * account link printed on localhost (worker/cms/auth/auth-mail.ts): the one line that carries an
 * address and free text, written only where no shopper's mail goes (decision 0110).
 */
export function writeMailPreview(preview: string): void {
  console.log(JSON.stringify({ level: "info", message: "Mail printed for development", preview }));
}
