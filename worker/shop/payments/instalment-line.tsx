import type { Translator } from "../../../shared/i18n/translator";
import { instalmentAmount, instalmentsFor } from "../../../shared/instalments";
import { formatPrice } from "../../../shared/money";
import { configuredInstalments } from "../../platform/payments/configured-instalments";

/**
 * "Or 4 payments of AED 59.75 with Tabby": the product page and the bag say what paying in four
 * comes to, in words and no script of the providers' (decision 0119: their widgets are third-party
 * scripts the CSP and the runtime budget keep out). Shown only when a configured provider takes the total.
 */

/** "4 payments of AED 59.75". */
export function eachPayment(t: Translator, total: number): string {
  return t.fill(t.m.checkout.instalments.each, { amount: formatPrice(t.locale, instalmentAmount(total)) });
}

/** The sentence, or null when no configured provider takes this total. */
export function instalmentLine(env: Env, t: Translator, total: number): string | null {
  const offered = instalmentsFor(configuredInstalments(env), total);
  if (offered.length === 0) return null;
  const words = t.m.checkout.instalments;
  const providers = offered.map((id) => words.names[id]).join(words.or);
  return t.fill(words.line, { each: eachPayment(t, total), providers });
}

/**
 * `follows`: the variant picker (client/islands/variant-picker.tsx) rewrites the line when a shade is
 * picked, so it is there, hidden, even while the chosen shade has none.
 */
export function InstalmentLine({ text, follows = false }: { text: string | null; follows?: boolean }) {
  if (follows) {
    return (
      <p className="instalment-line muted small" data-variant-instalment="" hidden={!text}>
        {text}
      </p>
    );
  }
  return text ? <p className="instalment-line muted small">{text}</p> : null;
}
