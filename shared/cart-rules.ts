import { fill } from "./i18n/format";
import type { TextLocale } from "./i18n/locales";
import type { Section } from "./i18n/messages-type";
import type { Fils } from "./money";

/** Limits and fees of the bag (the spec leaves them open; these are the shop's). */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;
/** Most distinct products in one bag: keeps a bag and an order to one D1 batch. */
export const CART_LINES_MAX = 50;
export const VAT_RATE_PERCENT = 5;
/** The defaults of the desk's delivery settings (shared/promotions/shop-settings.ts). */
export const DELIVERY_FEE: Fils = 2500;
export const FREE_DELIVERY_FROM: Fils = 30000;

export type Availability = "in_stock" | "out_of_stock" | "none" | "prepurchase";
export type DeliveryMethod = "transport" | "pickup";

export function canBuy(availability: Availability | null): boolean {
  return availability === "in_stock" || availability === "prepurchase";
}

/** The words of the quantity rule: the catalogue's `bagActions.quantity` in the page's language. */
export type QuantityTexts = Section<"bagActions">["quantity"];

/**
 * A whole number as typed: decimal digits only, spaces around allowed. `Number()` alone reads far
 * more (`0x5`, `1e1`, `+5`, `5.0`), none of which a shopper types as a count. Arabic-Indic digits
 * (٠–٩) and their Persian forms (۰–۹) are digits too: an Arabic keyboard types them. NaN otherwise.
 */
export function typedWhole(text: string): number {
  const digits = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  return /^[0-9]{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
}

/** A quantity as typed: whole, 1–99; otherwise the message to show beside the field, in `locale`. */
export function checkQuantity(
  raw: unknown,
  texts: QuantityTexts,
  locale: TextLocale,
): { ok: true; value: number } | { ok: false; message: string } {
  const value = typeof raw === "number" ? raw : typedWhole(String(raw ?? ""));
  if (!Number.isInteger(value)) return { ok: false, message: texts.whole };
  if (value < QUANTITY_MIN) return { ok: false, message: fill(locale, texts.atLeast, { min: QUANTITY_MIN }) };
  if (value > QUANTITY_MAX) return { ok: false, message: fill(locale, texts.atMost, { max: QUANTITY_MAX }) };
  return { ok: true, value };
}

/** An order's money as the quote gives it (shared/promotions/quote.ts): total = subtotal − discount + delivery + codFee. */
export interface Totals {
  subtotal: Fils;
  /** Every discount together (delivery's included). */
  discount: Fils;
  /** The delivery fee before a free-delivery promotion. */
  delivery: Fils;
  /** The fee for paying cash on delivery. */
  codFee: Fils;
  /** The VAT included in the total (UAE prices include 5% VAT), line by line on what is paid. */
  vat: Fils;
  total: Fils;
}
