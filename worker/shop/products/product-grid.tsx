import { type OnHand, productStock } from "../../../shared/product-stock";
import type { Sale } from "../../../shared/promotions/sale-price";
import type { StockState } from "../../../shared/stock-rules";
import type { ProductSummary } from "../../../shared/types/catalog";
import type { ReviewSummary } from "../../platform/reviews/product-review-store";
import { ProductCard } from "./product-card";

/** Products as cards in the shop's grid: the first row loads eagerly (it is above the fold). */
export function ProductGrid({
  products,
  stock,
  sale,
  favourites,
  ratings,
}: {
  products: ProductSummary[];
  /**
   * On hand for every SKU of these products, read once for the page (readListingStock); or each
   * product's state as a listing's index worked it out already (shop/listing/effective-values.ts).
   */
  stock: OnHand | ((product: ProductSummary) => StockState);
  /** Each card's sale now (shop/products/sale-view.ts); none shown without it. */
  sale?: (product: ProductSummary) => Sale | null;
  /** Slugs the shopper saved, to draw filled hearts. */
  favourites?: Set<string>;
  /** Approved review averages by product id (reviewSummaries); cards without one show no stars. */
  ratings?: Map<number, ReviewSummary>;
}) {
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <li key={p.slug}>
          <ProductCard
            product={p}
            stock={typeof stock === "function" ? stock(p) : productStock(p, stock)}
            sale={sale?.(p) ?? null}
            eager={i < 4}
            favourite={favourites?.has(p.slug) ?? false}
            rating={ratings?.get(Number(p.id))}
          />
        </li>
      ))}
    </ul>
  );
}
