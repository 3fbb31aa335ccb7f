import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Translator } from "../../../shared/i18n/translator";
import { displayName } from "../../platform/session/session";
import { useTexts } from "../i18n/texts";
import { shopperFragment } from "./personal-fragment";

/** Instead of name and e-mail fields for a signed-in shopper: "You are posting as **Mariam**." */
function PostingAs({ name, t }: { name: string; t: Translator }) {
  const [before, after = ""] = t.m.ui.postingAs.split("{name}");
  return (
    <p className="muted">
      {before}
      <strong>{name}</strong>
      {after}
    </p>
  );
}

/**
 * Who a review is posted as: the guest fields (`children`) in a kept page and for a guest, the
 * signed-in line for a shopper who is signed in.
 */
export function ReviewIdentity({ signedInAs, children }: { signedInAs: string | null; children: ReactNode }) {
  const t = useTexts();
  return <div data-hole="review-identity">{signedInAs ? <PostingAs name={signedInAs} t={t} /> : children}</div>;
}

export const reviewIdentity = shopperFragment({
  name: "review-identity",
  mark: 'data-hole="review-identity"',
  wants: (view) => view.user !== null,
  fill(rewriter, { user }, { t }) {
    if (!user) return;
    const html = renderToStaticMarkup(<PostingAs name={displayName(user)} t={t} />);
    rewriter.on('[data-hole="review-identity"]', {
      element(el) {
        el.setInnerContent(html, { html: true });
      },
    });
  },
});
