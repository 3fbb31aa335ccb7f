/**
 * The one POST pipeline of the visitor forms (the four requests and the shop
 * review). Each form says what is its own (schema, files, what makes two posts
 * the same, how it is kept, where a plain form goes); the steps are here:
 * read the body; thank a bot that fills the honeypot and keep nothing; check
 * the text with the form's schema and the files by content; thank a repeat
 * without keeping it again (nor counting it against the limit), even when the
 * route's limits refused the request (replays come before limits); then the
 * route's refusal, if any, and the form's own limit per visitor; keep it; answer JSON to an island, or a redirect (or the page
 * again with the messages) to a plain form.
 */
import type { Context } from "hono";
import type * as v from "valibot";
import { checkForm, type FormAnswer, type FormErrors, type FormSchema } from "../../../shared/forms/form-result";
import { HONEYPOT_FIELD } from "../../../shared/forms/visitor-fields";
import { translator } from "../../../shared/i18n/translator";
import type { AppEnv } from "../app-env";
import { limitRefusal } from "../middleware/route-limits";
import {
  checkRateLimit,
  type FormBody,
  type FormLimit,
  fingerprint,
  honeypotFilled,
  readFormBody,
  textFields,
  wantsJson,
} from "./form-guard";
import type { FormState } from "./form-state";

/** The files of a post, checked by content: a message per field, or what to keep. */
export interface FileCheck<Files> {
  errors: FormErrors;
  files: Files;
}

export const NO_FILES: FileCheck<null> = { errors: {}, files: null };

export interface VisitorForm<S extends FormSchema, Files> {
  /** The form's schema, shared with its island. */
  schema: S;
  /** The thank-you for a post that is kept (a bot and a repeat see it too). */
  thanks: string;
  /** Posts per visitor: the rate limit's action and rule. */
  limit: { action: string; rule: FormLimit };
  checkFiles(body: FormBody): Promise<FileCheck<Files>>;
  /** The parts that make two posts "the same request" (case and spacing ignored). */
  sameness(value: v.InferOutput<S>): readonly (string | number | null | undefined)[];
  /** Whether a post with this fingerprint was kept a few minutes ago. */
  recentlySent(print: string): Promise<boolean>;
  /** Keeps the post: D1, R2 and the e-mail to the shop. */
  save(value: v.InferOutput<S>, files: Files, print: string): Promise<void>;
  /** Where a plain form goes once sent. */
  sentPath: string;
  /** A plain form's page again, with what was typed and the messages. */
  renderAgain(state: FormState, status: 422 | 429): Promise<Response> | Response;
}

export async function handleVisitorForm<S extends FormSchema, Files>(
  c: Context<AppEnv>,
  form: VisitorForm<S, Files>,
): Promise<Response> {
  const t = translator(c.get("locale") ?? "en");
  const body = await readFormBody(c);
  const fields = textFields(body);
  const { [HONEYPOT_FIELD]: _, ...values } = fields;

  function sent(): Response {
    return wantsJson(c)
      ? c.json({ ok: true, message: form.thanks } satisfies FormAnswer)
      : c.redirect(form.sentPath, 303);
  }

  function refused(reply: FormAnswer & { ok: false }, status: 422 | 429): Promise<Response> | Response {
    if (wantsJson(c)) return c.json(reply, status);
    const errors = reply.errors ?? {};
    const alert = Object.keys(errors).length > 0 ? null : reply.message;
    return form.renderAgain({ values, errors, alert, sent: false }, status);
  }

  function limited(refusal: { message: string; retryAfter: number }): Promise<Response> | Response {
    c.header("Retry-After", String(refusal.retryAfter));
    return refused({ ok: false, message: refusal.message }, 429);
  }

  // The route's limits refused this request: only a replay of a kept post is answered as usual.
  const routeRefusal = limitRefusal(c);

  // A bot filled the hidden field: it sees the thank-you, nothing is kept.
  if (honeypotFilled(body)) return routeRefusal ? limited(routeRefusal) : sent();

  const checked = checkForm(form.schema, fields);
  const files = await form.checkFiles(body);
  if (!checked.ok || Object.keys(files.errors).length > 0) {
    if (routeRefusal) return limited(routeRefusal);
    const errors: FormErrors = { ...(checked.ok ? {} : checked.errors), ...files.errors };
    const message = t.plural(t.m.visitorForms.checkFields, Object.keys(errors).length);
    return refused({ ok: false, message, errors }, 422);
  }

  const print = await fingerprint(form.sameness(checked.value));
  // The same words again within a few minutes (a second click, a reload): thank them, keep one.
  if (await form.recentlySent(print)) return sent();
  if (routeRefusal) return limited(routeRefusal);

  const own = await checkRateLimit(c, form.limit.action, form.limit.rule);
  if (!own.allowed) {
    const minutes = Math.max(1, Math.ceil(own.retryAfter / 60));
    return refused({ ok: false, message: t.plural(t.m.visitorForms.tooMany, minutes) }, 429);
  }

  await form.save(checked.value, files.files, print);
  return sent();
}
