import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { displayName } from "../../platform/session/session";
import { shopperFragment } from "./personal-fragment";

/** Instead of name and e-mail fields for a signed-in shopper. */
function PostingAs({ name }: { name: string }) {
  return (
    <p className="muted">
      You are posting as <strong>{name}</strong>.
    </p>
  );
}

/**
 * Who a review is posted as: the guest fields (`children`) in a kept page and for a guest, the
 * signed-in line for a shopper who is signed in.
 */
export function ReviewIdentity({ signedInAs, children }: { signedInAs: string | null; children: ReactNode }) {
  return <div data-hole="review-identity">{signedInAs ? <PostingAs name={signedInAs} /> : children}</div>;
}

export const reviewIdentity = shopperFragment({
  name: "review-identity",
  mark: 'data-hole="review-identity"',
  wants: (view) => view.user !== null,
  fill(rewriter, { user }) {
    if (!user) return;
    const html = renderToStaticMarkup(<PostingAs name={displayName(user)} />);
    rewriter.on('[data-hole="review-identity"]', {
      element(el) {
        el.setInnerContent(html, { html: true });
      },
    });
  },
});
