import { en } from "./i18n/en";

/**
 * English texts for the modules not yet moved onto the catalogue (shared/i18n/), read from
 * the English catalogue so every text has one source. What still imports this is on the
 * text check's list of modules still to move (scripts/check-texts.mjs); the list, and this
 * file, shrink to nothing as they move.
 */
export const text = {
  tagline: en.site.tagline,
  uploadHint: (total: number | string, units: string) =>
    en.forms.uploadHint.replace("{total}", String(total)).replace("{units}", units),
  consent: en.forms.consent,
  shippingNote: en.checkout.shippingNote,
  availability: en.product.availability,
  payment: en.checkout.payment,
  delivery: en.checkout.delivery,
} as const;
