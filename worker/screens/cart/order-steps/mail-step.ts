import { type MailMessage, outboxInsertWhere } from "../../../platform/mail/mailer";
import { confirmationMail, type Ordered, receivedMail } from "../order-mails";
import type { OrderStep } from "./order-step";

/** The shopper's confirmation and the shop's copy, queued only by the attempt whose order row won. */
export const mailStep: OrderStep = ({ order, number, lines, ours }) => {
  const { c, input, view, receiver } = order;
  const ordered: Ordered = { lines, discounts: view.quote.discounts, total: view.totals.total };
  const mails: MailMessage[] = [confirmationMail(c.get("locale"), number, ordered, input)];
  if (receiver) mails.push(receivedMail(receiver, number, ordered, input));
  return mails.map((mail) => outboxInsertWhere(c.env.DB, mail, ours));
};
