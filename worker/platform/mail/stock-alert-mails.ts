/**
 * The two e-mails of "Tell me when it's back": the confirmation (the only thing ever sent to an
 * address that has not confirmed) and the one alert on restock, with its unsubscribe link in the
 * text and, for mail providers, in List-Unsubscribe with RFC 8058's one-click POST.
 * Plain text: nothing from the CMS or the shopper is interpreted as markup.
 */
import type { MailMessage } from "./mailer";

export const CONFIRMATION_KIND = "stock-alert-confirmation";
export const RESTOCK_KIND = "restock-alert";

export function confirmationMail(to: string, itemName: string, confirmUrl: string): MailMessage {
  return {
    to,
    kind: CONFIRMATION_KIND,
    subject: `Confirm your alert for ${itemName}`,
    text: [
      "Hello,",
      "",
      `You asked Noor Beauty to e-mail you once when ${itemName} is back in stock.`,
      "Please confirm with this link:",
      confirmUrl,
      "",
      "If you did not ask for this, ignore this e-mail: without your confirmation we will not write to you about it.",
    ].join("\n"),
  };
}

export function restockMail(
  to: string,
  item: { itemName: string; productUrl: string },
  unsubscribeUrl: string,
): MailMessage {
  return {
    to,
    kind: RESTOCK_KIND,
    subject: `${item.itemName} is back in stock`,
    text: [
      "Good news,",
      "",
      `${item.itemName} is back in stock at Noor Beauty:`,
      item.productUrl,
      "",
      "This is the one e-mail you asked for; we will not write to you about it again.",
      `To stop this alert: ${unsubscribeUrl}`,
    ].join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
