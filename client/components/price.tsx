import type { TextLocale } from "../../shared/i18n/locales";
import { aedToFils, formatPrice } from "../../shared/money";

/** A price with the old one struck through, on cards, the product page and in islands alike. */
export function PriceLine({
  price,
  oldPrice,
  locale,
  was,
}: {
  price: number;
  oldPrice: number | null;
  locale: TextLocale;
  /** "Was ", said before the old price to screen readers. */
  was: string;
}) {
  return (
    <p className="price">
      <span className="price__now">{formatPrice(locale, aedToFils(price))}</span>
      {oldPrice !== null && oldPrice > price && (
        <del className="price__old">
          <span className="visually-hidden">{was}</span>
          {formatPrice(locale, aedToFils(oldPrice))}
        </del>
      )}
    </p>
  );
}
