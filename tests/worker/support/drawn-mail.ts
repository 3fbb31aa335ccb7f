import { env } from "cloudflare:test";
import { drawQueuedMail } from "../../../worker/platform/mail/outbox-drawing";

/**
 * Draws the e-mails queued with a recipe (an order's, decision 0141) as the cron does before it sends
 * them, so a test reads their words in the outbox as a shopper would receive them.
 */
export async function drawMail(): Promise<void> {
  await drawQueuedMail(env.DB, 1000);
}
