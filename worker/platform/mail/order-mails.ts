/**
 * The e-mails an order sends when it is placed (worker/screens/cart/order-steps/mail-step.ts queues
 * them in the order's batch): the shopper's confirmation, in the order's language, with its discounts
 * by name and the link to the order page with its key (decision 0112), and the shop's copy to staff.
 * The order queues their recipient, subject and recipe (OrderMailRecipe); the outbox draws their words
 * when it sends them (outbox-drawing.ts, decision 0141), not while the shopper waits for the order.
 */
import { addressText } from "../../../shared/address-words";
import type { Totals } from "../../../shared/cart-rules";
import type { Locale } from "../../../shared/constants";
import type { CheckoutInput } from "../../../shared/forms/checkout";
import { type Translator, translator } from "../../../shared/i18n/translator";
import type { MailContacts } from "../../../shared/mail-layout";
import { formatPrice } from "../../../shared/money";
import { whatsappLink } from "../../../shared/whatsapp-link";
import { confirmOrderText } from "../../../shared/whatsapp-messages";
import type { MailMessage } from "./mailer";
import { orderMailTable } from "./order-mail-table";
import { isolate, mailLink, type Paragraph, sentenceWithLink, shopperMailBody } from "./shopper-mail";

/** What an order's e-mails list: its lines, discounts and totals. */
export interface Ordered {
  /** Each line's whole item name, quantity and price for all its units (fils). */
  lines: readonly { quantity: number; name: string; lineTotal: number }[];
  /** Each discount by name and amount. */
  discounts: readonly { name: string; amount: number }[];
  total: number;
  /** Subtotal, discounts, delivery, VAT and total, for the HTML part's table. */
  totals: Totals;
  /** The shop's contacts (CMS contacts record), at the e-mail's foot. */
  contacts: MailContacts | null;
}

/** The order's lines, discounts, total, delivery and payment, as paragraphs in the translator's language. */
function orderSummary(t: Translator, order: Ordered, input: CheckoutInput): string[][] {
  const words = t.m.email.order;
  const lines = order.lines.map((l) =>
    t.fill(words.line, {
      quantity: l.quantity,
      name: isolate(t.locale, l.name),
      price: formatPrice(t.locale, l.lineTotal),
    }),
  );
  const methods = t.m.checkout.delivery;
  const delivery =
    input.delivery === "pickup"
      ? methods.pickup
      : t.fill(words.deliveryTo, {
          method: methods.transport,
          address: addressText(t, input, (typed) => isolate(t.locale, typed)),
        });
  const discounts = order.discounts
    .filter((d) => d.amount > 0)
    .map((d) =>
      t.fill(t.m.promotions.emailDiscount, {
        name: isolate(t.locale, d.name),
        amount: formatPrice(t.locale, d.amount),
      }),
    );
  return [
    [...lines, ...discounts],
    [
      t.fill(words.total, { total: formatPrice(t.locale, order.total) }),
      delivery,
      t.fill(words.payment, { method: t.m.checkout.payment[input.payment] }),
    ],
  ];
}

/** A cash order's "Confirm on WhatsApp" link, when the shop has a number (`whatsapp`: its digits). */
function whatsappParagraph(
  t: Translator,
  number: string,
  order: Ordered,
  input: CheckoutInput,
  whatsapp: string | null,
) {
  if (!whatsapp || input.payment !== "cash") return [];
  const text = confirmOrderText(t, { ...input, number, lines: order.lines, total: order.total });
  const link = mailLink(whatsappLink(whatsapp, text));
  return [[sentenceWithLink((words) => words, t.m.whatsapp.mailConfirm, "url", link)] satisfies Paragraph];
}

/** The confirmation's subject: queued with the order, so the desk's outbox shows it before the words are drawn. */
export function confirmationSubject(locale: Locale, number: string): string {
  const t = translator(locale);
  return t.fill(t.m.email.order.subject, { number });
}

/** The shop's copy's subject (in English, as the staff desk is). */
export function receivedSubject(number: string): string {
  return `New order ${number}`;
}

/**
 * What an order's two e-mails are drawn from when the outbox sends them (decision 0141), kept as JSON in
 * the outbox row (`to_draw`): plain data, the links as the shop wrote them (checked again as links when drawn).
 */
export interface OrderMailRecipe {
  locale: Locale;
  number: string;
  ordered: Ordered;
  input: CheckoutInput;
  /** The order page with its key (decision 0112). */
  orderLink: string;
  /** The order's tax invoice page, with the same key (decision 0116). */
  invoiceLink: string;
  /** The shop's WhatsApp digits, for a cash order's "Confirm on WhatsApp" link; null when it has none. */
  whatsapp: string | null;
}

/** The shopper's confirmation's words, in the language the order is placed in (orders.locale). */
function confirmationWords(recipe: OrderMailRecipe): { text: string; html: string } {
  const { locale, number, ordered, input } = recipe;
  const t = translator(locale);
  const pickup = input.delivery === "pickup";
  return shopperMailBody(
    locale,
    confirmationSubject(locale, number),
    [
      [t.fill(t.m.email.dear, { name: input.firstName })],
      [t.fill(pickup ? t.m.email.order.thanksPickup : t.m.email.order.thanks, { number: isolate(locale, number) })],
      ...orderSummary(t, ordered, input),
      ...whatsappParagraph(t, number, ordered, input, recipe.whatsapp),
      // The spec's note on the delivery cost: a parcel's, so not a Local Pickup order's.
      ...(pickup ? [] : [[t.m.checkout.shippingNote]]),
      [t.m.email.order.seeOrder, mailLink(recipe.orderLink)],
      [t.m.invoice.mailLink, mailLink(recipe.invoiceLink)],
    ],
    {
      // The HTML part draws the lines and discounts (the third paragraph) as a table with the order's totals.
      order: {
        table: orderMailTable(t, number, ordered.lines, ordered.totals, ordered.discounts),
        at: 2,
        replaces: true,
      },
      contacts: ordered.contacts,
    },
  );
}

/** The shop's copy's words, to staff: in English, as the staff desk is. */
function receivedText({ ordered, input }: OrderMailRecipe): string {
  const summary = orderSummary(translator("en"), ordered, input)
    .map((lines) => lines.join("\n"))
    .join("\n\n");
  return `${input.firstName} ${input.lastName}, ${input.phone}, ${input.email}\n\n${summary}\n\nNotes: ${input.notes || "—"}`;
}

/** The words of an order's e-mail of this kind, drawn from its recipe; null for a kind that is not an order's. */
export function orderMailWords(kind: string, recipe: OrderMailRecipe): Pick<MailMessage, "text" | "html"> | null {
  if (kind === "order-received") return { text: receivedText(recipe) };
  return kind === "order-confirmation" ? confirmationWords(recipe) : null;
}
