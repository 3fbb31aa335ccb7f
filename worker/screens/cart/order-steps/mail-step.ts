import { routePath } from "../../../../shared/links";
import { whatsappDigits } from "../../../../shared/whatsapp-link";
import { siteOrigin } from "../../../frame/head/site-origin";
import { outboxDrawLaterWhere } from "../../../platform/mail/mailer";
import { mailContacts } from "../../../platform/mail/order-mail-table";
import { confirmationSubject, type OrderMailRecipe, receivedSubject } from "../../../platform/mail/order-mails";
import { orderKeyPath } from "../../../platform/orders/order-access";
import type { OrderStep } from "./order-step";

/**
 * The shopper's confirmation and the shop's copy, queued only by the attempt whose order row won: their
 * recipients and subjects, and the one recipe both are drawn from when the outbox sends them (decision 0141).
 */
export const mailStep: OrderStep = ({ order, number, lines, accessToken, ours }) => {
  const { c, input, view, receiver, contacts } = order;
  const locale = c.get("locale");
  const origin = siteOrigin(c);
  const recipe: OrderMailRecipe = {
    locale,
    number,
    ordered: {
      lines: lines.map(({ quantity, name, lineTotal }) => ({ quantity, name, lineTotal })),
      discounts: view.quote.discounts.map(({ name, amount }) => ({ name, amount })),
      total: view.totals.total,
      totals: view.totals,
      contacts: mailContacts(contacts),
    },
    input,
    // The order page with its key (decision 0112): the guest's way back from any browser.
    orderLink: origin + orderKeyPath(number, accessToken, locale),
    invoiceLink: origin + routePath("cart-order-invoice", { number }, { query: { key: accessToken }, locale }),
    whatsapp: whatsappDigits(contacts?.whatsapp),
  };
  const drawnFrom = JSON.stringify(recipe);
  const mails = [
    { to: input.email, subject: confirmationSubject(locale, number), kind: "order-confirmation", recipe: drawnFrom },
  ];
  if (receiver)
    mails.push({ to: receiver, subject: receivedSubject(number), kind: "order-received", recipe: drawnFrom });
  return mails.map((mail) => outboxDrawLaterWhere(c.env.DB, mail, ours));
};
