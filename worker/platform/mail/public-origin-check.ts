/**
 * E-mails' links need the shop's address, and with PUBLIC_ORIGIN empty they take the request's
 * (frame/head/site-origin.ts, cms/auth/auth-mail.ts): a password reset asked through
 * `*.workers.dev` or another host routed to the worker links there. Fine on a laptop, wrong in
 * production. Production is where e-mails really go out (MAIL_API_KEY set, deliver-outbox.ts): there
 * an empty PUBLIC_ORIGIN is said loudly, once per isolate, on its first request or cron run
 * (decision 0102). Mail is not refused: a shopper waiting for a reset link gets one.
 */
let warned = false;

export const NO_PUBLIC_ORIGIN =
  "PUBLIC_ORIGIN is empty while e-mails are delivered (MAIL_API_KEY is set): links in e-mails follow each request's host. Set PUBLIC_ORIGIN to the shop's address, e.g. https://noorbeauty.ae.";

/** Logs NO_PUBLIC_ORIGIN the first time this isolate sees the misconfiguration; true when it did now. */
export function warnWithoutPublicOrigin(env: Pick<Env, "PUBLIC_ORIGIN" | "MAIL_API_KEY">): boolean {
  if (warned || (env.PUBLIC_ORIGIN ?? "").trim() !== "" || !env.MAIL_API_KEY) return false;
  warned = true;
  console.error(NO_PUBLIC_ORIGIN);
  return true;
}
