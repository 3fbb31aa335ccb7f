/**
 * "Tell me when it's back": the form on a sold-out or pre-purchase shade or size. The SKU and
 * the product are hidden fields the page fills in; the worker checks they belong together and
 * that the item is not in stock, with the CMS and the stock table as the authority.
 */
import * as v from "valibot";
import { EMAIL_MESSAGES, email, trimmed } from "./rules";

/** What a SKU and a product slug may look like: anything else is not one of ours. */
const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SLUG = /^[a-z0-9-]{1,120}$/;

export const STOCK_ALERT_LABELS = { email: "E-mail", sku: "Shade or size", product: "Product" } as const;

/** Said when the hidden fields were changed or the page is very old: nothing the shopper typed is wrong. */
export const NOT_THIS_PRODUCT =
  "This shade or size is not sold with this product. Please choose it again on the product page.";

export const stockAlertSchema = v.object({
  sku: v.pipe(trimmed(), v.regex(SKU, NOT_THIS_PRODUCT)),
  product: v.pipe(trimmed(), v.regex(SLUG, NOT_THIS_PRODUCT)),
  email: email(EMAIL_MESSAGES),
});

export type StockAlertInput = v.InferOutput<typeof stockAlertSchema>;

/** The answer to every accepted subscription, new or not: it never tells whether the address was already on the list. */
export function checkInboxMessage(itemName: string): string {
  return `Check your inbox to confirm: we'll send you one e-mail when ${itemName} is back.`;
}
