import { shopperFragment } from "./personal-fragment";

/**
 * The shopper's favourites pressed: the button, the heart's fill and the label of each heart
 * (`FavouriteToggle`, shop/products/favourite-toggle.tsx: product cards and pages draw it, so it sits
 * with the shared UI below this folder) that names one of their favourites.
 */
/** The shopper's favourites pressed: the button, the heart's fill, the label. */
export const favouriteHearts = shopperFragment({
  name: "favourite",
  mark: "data-favourite=",
  wants: (view) => view.favourites.size > 0,
  fill(rewriter, { favourites }) {
    rewriter.on("[data-favourite]", {
      element(el) {
        if (!favourites.has(el.getAttribute("data-favourite") ?? "")) return;
        if (el.tagName === "button") el.setAttribute("aria-pressed", "true");
        else if (el.tagName === "path") el.setAttribute("fill", "currentColor");
        // The label was escaped by React when it went into the attribute: it is safe markup as it stands.
        else el.setInnerContent(el.getAttribute("data-label-on") ?? "", { html: true });
      },
    });
  },
});
