/**
 * The two e-mails of "Tell me when it's back": the confirmation (the only thing ever sent to an
 * address that has not confirmed) and the one alert on restock, with its unsubscribe link in the
 * text and, for mail providers, in List-Unsubscribe with RFC 8058's one-click POST. Both in the
 * language of the page the alert was asked for on (stock_alerts.locale), links to its pages.
 * Nothing from the CMS or the shopper is interpreted as markup (shopper-mail.ts escapes it).
 */
import type { Locale } from "../../../shared/constants";
import { translator } from "../../../shared/i18n/translator";
import type { MailMessage } from "./mailer";
import { mailLink, sentenceWithLink, shopperMailBody } from "./shopper-mail";

export const CONFIRMATION_KIND = "stock-alert-confirmation";
export const RESTOCK_KIND = "restock-alert";

export function confirmationMail(locale: Locale, to: string, itemName: string, confirmUrl: string): MailMessage {
  const t = translator(locale);
  const words = t.m.email.alertConfirm;
  const subject = t.fill(words.subject, { name: itemName });
  return {
    to,
    kind: CONFIRMATION_KIND,
    subject,
    ...shopperMailBody(locale, subject, [
      [t.m.email.hello],
      [t.fill(words.asked, { name: itemName }), words.confirm, mailLink(confirmUrl)],
      [words.ignore],
    ]),
  };
}

export function restockMail(
  locale: Locale,
  to: string,
  item: { itemName: string; productUrl: string },
  unsubscribeUrl: string,
): MailMessage {
  const t = translator(locale);
  const words = t.m.email.restock;
  const subject = t.fill(words.subject, { name: item.itemName });
  return {
    to,
    kind: RESTOCK_KIND,
    subject,
    ...shopperMailBody(locale, subject, [
      [words.goodNews],
      [t.fill(words.back, { name: item.itemName }), mailLink(item.productUrl)],
      [words.once, sentenceWithLink((words) => words, words.stop, "url", mailLink(unsubscribeUrl))],
    ]),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
