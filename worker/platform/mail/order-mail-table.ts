import type { Totals } from "../../../shared/cart-rules";
import type { Translator } from "../../../shared/i18n/translator";
import type { MailContacts, MailOrderTable } from "../../../shared/mail-layout";
import { formatPrice } from "../../../shared/money";
import type { Contacts } from "../../../shared/types/cms";

/**
 * An order's lines and totals for its e-mails (confirmation, status), in the e-mail's language: the
 * same rows as the order page's totals (worker/screens/cart/cart-page.tsx TotalsTable).
 */
export function orderMailTable(
  t: Translator,
  number: string,
  lines: readonly { name: string; quantity: number; lineTotal: number }[],
  totals: Totals,
  // Required: a table without the order's discounts would not add up to its total.
  discounts: readonly { name: string; amount: number }[],
): MailOrderTable {
  const price = (fils: number) => formatPrice(t.locale, fils);
  return {
    caption: t.fill(t.m.orders.linesCaption, { number }),
    headings: { product: t.m.orders.product, quantity: t.m.orders.quantity, price: t.m.orders.price },
    lines: lines.map((line) => ({ name: line.name, quantity: line.quantity, price: price(line.lineTotal) })),
    totals: [
      { label: t.m.bag.subtotal, value: price(totals.subtotal) },
      // Each discount by name (promotions), as the order page lists them.
      ...discounts.filter((d) => d.amount > 0).map((d) => ({ label: d.name, value: `−${price(d.amount)}` })),
      { label: t.m.bag.delivery, value: totals.delivery === 0 ? t.m.bag.free : price(totals.delivery) },
      ...(totals.codFee > 0 ? [{ label: t.m.promotions.codFee, value: price(totals.codFee) }] : []),
      { label: t.m.bag.vat, value: price(totals.vat) },
      { label: t.m.bag.total, value: price(totals.total) },
    ],
  };
}

/** The contacts record as an e-mail's foot; none when the CMS gave none. */
export function mailContacts(contacts: Contacts | null | undefined): MailContacts | null {
  return contacts ? { company: contacts.company, phone: contacts.phone, email: contacts.email } : null;
}
