import { renderToStaticMarkup } from "react-dom/server";
import { listReviews } from "../../platform/reviews/product-review-store";
import { ReviewItem } from "../ui/product-reviews";
import { shopperFragment } from "./personal-fragment";

/** Where the shopper's own reviews still waiting for moderation show: empty in a kept page. */
export function OwnReviews({ productId }: { productId: number }) {
  return <div data-hole="own-reviews" data-product-id={productId} />;
}

/** Their pending reviews of this product, read when the page has a product they have one waiting on. */
export const ownReviews = shopperFragment({
  name: "own-reviews",
  mark: 'data-hole="own-reviews"',
  wants: (view) => view.owner !== null && view.pendingReviews.size > 0,
  fill(rewriter, { owner, pendingReviews }, { db }) {
    rewriter.on('[data-hole="own-reviews"]', {
      async element(el) {
        const productId = Number(el.getAttribute("data-product-id"));
        if (!owner || !pendingReviews.has(productId)) return;
        const pending = (await listReviews(db, productId, owner)).filter((r) => r.status === "pending");
        if (pending.length === 0) return;
        const list = (
          <ol className="review-list">
            {pending.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ol>
        );
        el.setInnerContent(renderToStaticMarkup(list), { html: true });
      },
    });
  },
});
