/**
 * "Tell me when it's back": the form on a sold-out or pre-purchase shade or size. The SKU and
 * the product are hidden fields the page fills in; the worker checks they belong together and
 * that the item is not in stock, with the CMS and the stock table as the authority.
 */
import * as v from "valibot";
import type { Section } from "../i18n/messages-type";
import { perTexts } from "./per-texts";
import { emailField, trimmed } from "./rules";

/** What a SKU and a product slug may look like: anything else is not one of ours. */
const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SLUG = /^[a-z0-9-]{1,120}$/;

/** The catalogue's sections the form speaks from: its own, and every form's e-mail words. */
export interface StockAlertTexts {
  stockAlert: Section<"stockAlert">;
  fieldErrors: Section<"fieldErrors">;
}

function build(texts: StockAlertTexts) {
  // Said when the hidden fields were changed or the page is very old: nothing the shopper typed is wrong.
  const notThisProduct = texts.stockAlert.notThisProduct;
  return v.object({
    sku: v.pipe(trimmed(), v.regex(SKU, notThisProduct)),
    product: v.pipe(trimmed(), v.regex(SLUG, notThisProduct)),
    email: emailField(texts.fieldErrors),
  });
}

/** The schema in a catalogue's language (the worker's `t.m`, kept once per locale). */
export const stockAlertSchema = perTexts(build);

export type StockAlertInput = v.InferOutput<ReturnType<typeof build>>;
