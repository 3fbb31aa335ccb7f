import { renderToStaticMarkup } from "react-dom/server";
import { displayName } from "../../platform/session/session";
import { toPageUser } from "../../platform/session/user-state";
import { listReviews } from "../../platform/stores/product-review-store";
import { PostingAs, ReviewItem } from "../ui/product-reviews";
import { FlashMessage } from "./flash";
import type { ShopperView } from "./shopper-view";

/** An e-mail address made only of characters that mean nothing in an HTML attribute. */
const PLAIN_ADDRESS = /^[^\s"'<>&`=]{3,254}$/;

/**
 * Streams a page shell through HTMLRewriter and fills the holes that belong to
 * the shopper (elements marked `data-hole` or `data-favourite` by the layout
 * and the pages): bag and favourites counts, the account link, the page state
 * for islands, pressed hearts, the flash message, their own pending reviews,
 * the review form's "posting as" line and the back-in-stock form's e-mail. Every `nonce` attribute gets this
 * response's nonce. Text goes in escaped; markup only from our own components.
 */
export function fillHoles(response: Response, nonce: string, view: ShopperView | null, db: D1Database): Response {
  const rewriter = new HTMLRewriter().on("[nonce]", {
    element(el) {
      el.setAttribute("nonce", nonce);
    },
  });
  if (!view) return rewriter.transform(response);
  const { user, owner, bag, favouriteCount, favourites, pendingReviews, flash } = view;
  const count = (hole: string, n: number) =>
    rewriter.on(`[data-hole="${hole}"]`, {
      element(el) {
        el.setInnerContent(String(n));
        if (n > 0) el.removeAttribute("hidden");
        else el.setAttribute("hidden", "");
      },
    });
  count("bag-count", bag);
  count("favourites-count", favouriteCount);
  rewriter
    .on('[data-hole="bag-label"]', {
      element(el) {
        el.setInnerContent(`Bag, ${bag} items`);
      },
    })
    .on('[data-hole="favourites-label"]', {
      element(el) {
        el.setInnerContent(`Favourites, ${favouriteCount} items`);
      },
    });
  if (user) {
    const name = displayName(user);
    rewriter
      .on('[data-hole="account-link"]', {
        element(el) {
          el.setAttribute("href", "/user");
        },
      })
      .on('[data-hole="account-label"]', {
        element(el) {
          el.setInnerContent(`Account of ${name}`);
        },
      })
      .on('[data-hole="user-state"]', {
        element(el) {
          // JSON in a non-executed script; "<" escaped so it can't close the element.
          el.setInnerContent(JSON.stringify(toPageUser(user)).replace(/</g, "\\u003c"), { html: true });
        },
      })
      .on('[data-hole="review-identity"]', {
        element(el) {
          el.setInnerContent(renderToStaticMarkup(<PostingAs name={name} />), { html: true });
        },
      })
      .on('[data-hole="alert-email"]', {
        element(el) {
          // The back-in-stock form's address, prefilled; only an address with nothing to escape goes into the attribute.
          if (!el.hasAttribute("value") && PLAIN_ADDRESS.test(user.email)) el.setAttribute("value", user.email);
        },
      });
  }
  if (favourites.size > 0) {
    rewriter.on("[data-favourite]", {
      element(el) {
        if (!favourites.has(el.getAttribute("data-favourite") ?? "")) return;
        if (el.tagName === "button") el.setAttribute("aria-pressed", "true");
        else if (el.tagName === "path") el.setAttribute("fill", "currentColor");
        // The label was escaped by React when it went into the attribute: it is safe markup as it stands.
        else el.setInnerContent(el.getAttribute("data-label-on") ?? "", { html: true });
      },
    });
  }
  if (flash) {
    rewriter.on('[data-hole="flash"]', {
      element(el) {
        el.setInnerContent(renderToStaticMarkup(<FlashMessage flash={flash} />), { html: true });
      },
    });
  }
  if (owner && pendingReviews.size > 0) {
    rewriter.on('[data-hole="own-reviews"]', {
      async element(el) {
        const productId = Number(el.getAttribute("data-product-id"));
        if (!pendingReviews.has(productId)) return;
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
  }
  return rewriter.transform(response);
}
