import { aedToFils, formatAed } from "../../shared/money";

/** A price with the old one struck through, on cards, the product page and in islands alike. */
export function PriceLine({ price, oldPrice }: { price: number; oldPrice: number | null }) {
  return (
    <p className="price">
      <span className="price__now">{formatAed(aedToFils(price))}</span>
      {oldPrice !== null && oldPrice > price && (
        <del className="price__old">
          <span className="visually-hidden">Was </span>
          {formatAed(aedToFils(oldPrice))}
        </del>
      )}
    </p>
  );
}
