import type { ErrorEvent } from "@sentry/cloudflare";
import { scrub } from "../../../shared/log/log-line";

/*
 * What an error report may carry (decision 0115), by the rule the log already follows (decision 0110):
 * no shopper's e-mail, phone, name, address, token or cookie. Whom the event is about (`user`), the
 * request's cookies, body and query are dropped whole; of its headers only these, which say nothing
 * of a person, are kept; every free string left (the error's words, breadcrumbs, extra data) is
 * scrubbed of anything shaped like an e-mail, a phone number or a token (shared/log/log-line.ts).
 */
export const KEPT_HEADERS = new Set(["accept", "accept-language", "content-type", "user-agent", "cf-ray"]);

/** Every string in `value`, however deep, scrubbed; an object's keys are kept as they are. */
function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubDeep(item, depth + 1)]));
}

function keptHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())));
}

/** The event as it may leave the worker: the SDK's `beforeSend` (worker/platform/errors/report-options.ts). */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const { user: _user, request, ...rest } = event;
  const scrubbed: ErrorEvent = { ...rest };
  if (request) {
    scrubbed.request = {
      method: request.method,
      url: request.url ? scrub(request.url.split(/[?#]/)[0] ?? "") : undefined,
      headers: keptHeaders(request.headers),
    };
  }
  if (event.message) scrubbed.message = scrub(event.message);
  if (event.logentry) scrubbed.logentry = scrubDeep(event.logentry) as ErrorEvent["logentry"];
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((value) => ({
        ...value,
        value: value.value === undefined ? undefined : scrub(value.value),
      })),
    };
  }
  if (event.breadcrumbs) scrubbed.breadcrumbs = scrubDeep(event.breadcrumbs) as ErrorEvent["breadcrumbs"];
  if (event.extra) scrubbed.extra = scrubDeep(event.extra) as ErrorEvent["extra"];
  if (event.tags) scrubbed.tags = scrubDeep(event.tags) as ErrorEvent["tags"];
  return scrubbed;
}
