import { fill } from "../../shared/i18n/format";
import type { TextLocale } from "../../shared/i18n/locales";
import { aedToFils, formatPrice } from "../../shared/money";

/** The words a price line says (the catalogue's `product` section). */
export interface PriceTexts {
  /** "Was ", said before the old price to screen readers. */
  was: string;
  /** "−{percent}%": the sale's badge, seen. */
  saleBadge: string;
  /** "{percent}% off": the badge as a screen reader says it. */
  saleOff: string;
}

/**
 * A price with the old one struck through, on cards, the product page and in islands alike; with a sale
 * (decision 0120) the sale price, the price before it struck through and a "−20%" badge.
 */
export function PriceLine({
  price,
  oldPrice,
  percentOff = null,
  locale,
  texts,
}: {
  price: number;
  oldPrice: number | null;
  /** Whole percent off under a sale; null without one. */
  percentOff?: number | null;
  locale: TextLocale;
  texts: PriceTexts;
}) {
  return (
    <p className="price">
      <span className="price__now">{formatPrice(locale, aedToFils(price))}</span>
      {oldPrice !== null && oldPrice > price && (
        <del className="price__old">
          <span className="visually-hidden">{texts.was}</span>
          {formatPrice(locale, aedToFils(oldPrice))}
        </del>
      )}
      {percentOff !== null && percentOff > 0 && (
        <span className="price__badge">
          {/* Written left to right in both languages ("−20%"), as price tags are. */}
          <span aria-hidden="true" dir="ltr">
            {fill(locale, texts.saleBadge, { percent: percentOff })}
          </span>
          <span className="visually-hidden">{fill(locale, texts.saleOff, { percent: percentOff })}</span>
        </span>
      )}
    </p>
  );
}
