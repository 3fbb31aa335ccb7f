import { routePath } from "../../../../shared/links";
import { whatsappDigits } from "../../../../shared/whatsapp-link";
import { siteOrigin } from "../../../frame/head/site-origin";
import { type MailMessage, outboxInsertWhere } from "../../../platform/mail/mailer";
import { mailContacts } from "../../../platform/mail/order-mail-table";
import { mailLink } from "../../../platform/mail/shopper-mail";
import { orderKeyPath } from "../../../platform/orders/order-access";
import { confirmationMail, type Ordered, receivedMail } from "../order-mails";
import type { OrderStep } from "./order-step";

/** The shopper's confirmation and the shop's copy, queued only by the attempt whose order row won. */
export const mailStep: OrderStep = ({ order, number, lines, accessToken, ours }) => {
  const { c, input, view, receiver, contacts } = order;
  const ordered: Ordered = {
    lines,
    discounts: view.quote.discounts,
    total: view.totals.total,
    totals: view.totals,
    contacts: mailContacts(contacts),
  };
  // The order page with its key (decision 0112): the guest's way back from any browser.
  const orderLink = mailLink(siteOrigin(c) + orderKeyPath(number, accessToken, c.get("locale")));
  const invoiceLink = mailLink(
    siteOrigin(c) +
      routePath("cart-order-invoice", { number }, { query: { key: accessToken }, locale: c.get("locale") }),
  );
  const mails: MailMessage[] = [
    confirmationMail(
      c.get("locale"),
      number,
      ordered,
      input,
      orderLink,
      whatsappDigits(contacts?.whatsapp),
      invoiceLink,
    ),
  ];
  if (receiver) mails.push(receivedMail(receiver, number, ordered, input));
  return mails.map((mail) => outboxInsertWhere(c.env.DB, mail, ours));
};
