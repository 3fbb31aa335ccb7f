import { addressText } from "./address-words";
import type { Translator } from "./i18n/translator";
import { formatPrice } from "./money";

/**
 * The words a WhatsApp chat opens with (shared/whatsapp-link.ts builds the link), in the translator's
 * language: a cash order to confirm, a bag to order, the desk's question to a shopper (docs/promotions.md).
 * Plain text, one item a line: WhatsApp shows it as typed.
 */

/** A line as the messages list it. */
export interface MessageLine {
  quantity: number;
  name: string;
  /** The line's price, all its units (fils). */
  lineTotal: number;
}

/** An order as its confirmation message says it. */
export interface MessageOrder {
  number: string;
  lines: readonly MessageLine[];
  total: number;
  delivery: "transport" | "pickup";
  address: string | null;
  city: string | null;
  region: string | null;
}

function lineTexts(t: Translator, lines: readonly MessageLine[]): string[] {
  return lines.map((line) =>
    t.fill(t.m.whatsapp.line, {
      quantity: line.quantity,
      name: line.name,
      price: formatPrice(t.locale, line.lineTotal),
    }),
  );
}

/** Where the order goes: its address, or that it is collected. */
function whereText(t: Translator, order: MessageOrder): string {
  if (order.delivery === "pickup") return t.m.whatsapp.pickup;
  return t.fill(t.m.whatsapp.address, { address: addressText(t, order) });
}

/** "Hello, I would like to confirm my order N-…", the items, the total and the address. */
export function confirmOrderText(t: Translator, order: MessageOrder): string {
  return [
    t.fill(t.m.whatsapp.confirmText, { number: order.number }),
    ...lineTexts(t, order.lines),
    t.fill(t.m.whatsapp.total, { total: formatPrice(t.locale, order.total) }),
    whereText(t, order),
  ].join("\n");
}

/** "Hello, I would like to order:", the bag's lines with their quantities, and its total. */
export function orderBagText(t: Translator, lines: readonly MessageLine[], total: number): string {
  return [
    t.m.whatsapp.bagText,
    ...lineTexts(t, lines),
    t.fill(t.m.whatsapp.total, { total: formatPrice(t.locale, total) }),
  ].join("\n");
}
