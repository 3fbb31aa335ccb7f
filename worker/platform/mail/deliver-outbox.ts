import { httpMailAdapter } from "./http-mail-adapter";
import { flushOutbox, type MailAdapter, printMailAdapter, unsentMailAdapter } from "./mailer";
import { drawQueuedMail } from "./outbox-drawing";

/** The configured adapter: the HTTP API when MAIL_API_KEY is set, else the console when MAIL_PRINT is "true" (local development), else none. */
export function mailAdapter(env: Env): MailAdapter {
  if (env.MAIL_API_KEY) {
    return httpMailAdapter({ apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM, endpoint: env.MAIL_API_URL });
  }
  return env.MAIL_PRINT === "true" ? printMailAdapter : unsentMailAdapter;
}

/** Run by the cron trigger: draws the messages queued with a recipe, then hands pending outbox rows to the adapter. */
export async function deliverOutbox(env: Env): Promise<number> {
  await drawQueuedMail(env.DB, 50);
  return flushOutbox(env.DB, mailAdapter(env), 50);
}
