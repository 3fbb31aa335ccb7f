import { type Translator, translator } from "../../../shared/i18n/translator";
import { isInstalmentProvider } from "../../../shared/instalments";
import type { MailMessage } from "../mail/mailer";
import { shopperMailBody } from "../mail/shopper-mail";
import { withStockMoves } from "../stock/stock-moves";
import { heldSkus, lineStock } from "../stock/stock-return-store";
import {
  expiredCardOrders,
  findByPaymentReference,
  type HeldOrder,
  type PaymentOutcome,
  type ReleaseReason,
  releaseCardOrder,
  settlePayment,
} from "./card-hold-store";
import { CARD_SESSION_MINUTES } from "./payment-provider";

/**
 * The end of a card order's stock hold, as the payment webhook and the cron sweep run it: the
 * store's one-batch release or settlement, then what follows a stock write (stock-moves.ts).
 */

/**
 * How long after an order the sweep takes its session for expired when no webhook said so:
 * the session's life plus a margin for the seconds between writing the order and creating the
 * session, and for clocks that disagree.
 */
export const SWEEP_MARGIN_MINUTES = 15;
/** Orders released per cron run (each its own batch); the rest wait five minutes for the next. */
export const SWEEP_LIMIT = 25;

/** Why the order was let go: an instalment order's provider by name, not "the card payment" (decision 0122). */
function releaseWhy(t: Translator, order: HeldOrder, reason: ReleaseReason): string {
  const words = t.m.email.cardCancelled;
  if (!isInstalmentProvider(order.payment) || reason === "cancelled") return words[reason];
  const provider = t.m.checkout.instalments.names[order.payment];
  return t.fill(reason === "expired" ? words.instalmentsExpired : words.instalmentsFailed, { provider });
}

/** The shopper's e-mail when the shop cancels their unpaid card order, in the order's language. */
export function releaseMail(order: HeldOrder, reason: ReleaseReason): MailMessage {
  const t = translator(order.locale);
  const words = t.m.email.cardCancelled;
  const subject = t.fill(words.subject, { number: order.number });
  return {
    to: order.email,
    subject,
    ...shopperMailBody(order.locale, subject, [
      [t.fill(t.m.email.dear, { name: order.firstName })],
      [t.fill(words.why, { number: order.number, why: releaseWhy(t, order, reason) })],
      [words.again],
    ]),
    kind: "order-cancelled",
  };
}

/** Cancels an unpaid card order and gives its stock back; false when it was no longer awaiting payment. */
export async function releaseHeldOrder(
  env: Env,
  origin: string,
  order: HeldOrder,
  reason: ReleaseReason,
  eventId?: string,
): Promise<boolean> {
  return withStockMoves(env, origin, await heldSkus(env.DB, order.id), () =>
    releaseCardOrder(env.DB, order, { reason, eventId, mail: releaseMail(order, reason) }),
  );
}

/** The provider says a session expired or its payment failed. */
export async function releaseByReference(
  env: Env,
  origin: string,
  reference: string,
  reason: ReleaseReason,
  eventId: string,
): Promise<"released" | "unchanged" | "unknown"> {
  const order = await findByPaymentReference(env.DB, reference);
  if (!order) return "unknown";
  return (await releaseHeldOrder(env, origin, order, reason, eventId)) ? "released" : "unchanged";
}

/**
 * The cron's sweep: card orders whose session expired (placed more than its life and a margin
 * ago) and are still awaiting payment are cancelled and their stock given back — the provider's
 * webhook may never come. At most SWEEP_LIMIT a run; answers how many were released.
 */
export async function sweepExpiredCardOrders(env: Env, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - (CARD_SESSION_MINUTES + SWEEP_MARGIN_MINUTES) * 60_000).toISOString();
  let released = 0;
  // No request here: links in e-mails can only use the configured origin.
  const origin = (env.PUBLIC_ORIGIN ?? "").trim().replace(/\/+$/, "");
  for (const order of await expiredCardOrders(env.DB, cutoff, SWEEP_LIMIT)) {
    if (await releaseHeldOrder(env, origin, order, "expired")) released++;
  }
  return released;
}

/** The e-mail staff get when a payment arrives for an order that stays cancelled. */
export function refundMail(receiver: string | null) {
  return (order: HeldOrder): MailMessage | null =>
    receiver
      ? {
          to: receiver,
          subject: `Refund needed: order ${order.number} was paid after it was cancelled`,
          text: `The card payment for order ${order.number} arrived after the order was cancelled, and the order stays cancelled (a staff member cancelled it, or its products are no longer in stock).\n\nRefund the payment with the card provider, or call ${order.firstName} (${order.email}) to arrange another order.`,
          kind: "payment-after-cancel",
        }
      : null;
}

/** The provider says a session was paid (see settlePayment); a paid-again order takes its stock anew. */
export async function settleByReference(
  env: Env,
  origin: string,
  reference: string,
  eventId: string,
  receiver: string | null,
): Promise<PaymentOutcome> {
  const order = await findByPaymentReference(env.DB, reference);
  const skus = order ? (await lineStock(env.DB, order.id)).flatMap((line) => (line.sku ? [line.sku] : [])) : [];
  let outcome: PaymentOutcome = "unknown";
  await withStockMoves(env, origin, skus, async () => {
    outcome = await settlePayment(env.DB, eventId, reference, refundMail(receiver));
    return outcome === "paid-again";
  });
  return outcome;
}
