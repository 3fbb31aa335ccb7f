import type { Translator } from "./i18n/translator";
import { localeDirection } from "./locale-path";

/**
 * An order's delivery address as one line in the translator's language: the street and city as the
 * shopper typed them, the emirate by its name in that language (the order keeps the English value of
 * shared/forms/checkout.ts, named by the catalogues' `checkout.emirates`), joined by the language's
 * comma ("، " in Arabic). The order page (worker/screens/cart/order-detail.tsx), the order e-mails
 * (worker/platform/mail/order-mails.ts) and the WhatsApp text (shared/whatsapp-messages.ts) say it so.
 */
export interface AddressParts {
  address?: string | null;
  city?: string | null;
  region?: string | null;
  postcode?: string | null;
}

/** One part of the line; `typed`: as the shopper wrote it, perhaps in another script than the page's. */
export interface AddressPiece {
  text: string;
  typed: boolean;
}

/** The comma the line's parts are joined by. */
export function addressComma(t: Translator): string {
  return localeDirection(t.locale) === "rtl" ? "، " : ", ";
}

/** The line's parts in order, the empty ones left out. */
export function addressPieces(t: Translator, parts: AddressParts): AddressPiece[] {
  const emirates: Record<string, string> = t.m.checkout.emirates;
  const region = parts.region
    ? { text: emirates[parts.region] ?? parts.region, typed: !(parts.region in emirates) }
    : null;
  const typed = (text: string | null | undefined) => (text ? { text, typed: true } : null);
  return [typed(parts.address), typed(parts.city), region, typed(parts.postcode)].filter(
    (piece): piece is AddressPiece => piece !== null,
  );
}

/** The line as text; `isolate` wraps what the shopper typed (an e-mail's Unicode isolates). */
export function addressText(t: Translator, parts: AddressParts, isolate: (typed: string) => string = (s) => s): string {
  return addressPieces(t, parts)
    .map((piece) => (piece.typed ? isolate(piece.text) : piece.text))
    .join(addressComma(t));
}
