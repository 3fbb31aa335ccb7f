import { Icon } from "../../../client/components/icons";
import { routePath } from "../../../shared/links";
import { displayName } from "../../platform/session/session";
import { useTexts } from "../i18n/texts";
import { shopperFragment } from "./personal-fragment";

/** The header's account link: "Sign in" in a kept page, the shopper's account once they are signed in. */
export function AccountLink({ name }: { name: string | null }) {
  const t = useTexts();
  return (
    <a className="icon-button" href={routePath(name !== null ? "user" : "user-login")} data-hole="account-link">
      <Icon name="user" />
      <span className="visually-hidden" data-hole="account-label">
        {name !== null ? t.fill(t.m.ui.accountOf, { name }) : t.m.ui.signIn}
      </span>
    </a>
  );
}

export const accountLink = shopperFragment({
  name: "account-link",
  wants: (view) => view.user !== null,
  fill(rewriter, view, { t }) {
    const name = view.user ? displayName(view.user) : "";
    rewriter
      .on('[data-hole="account-link"]', {
        element(el) {
          // The account beside the sign-in link it replaces, in the page's language ("/ar/user/login" → "/ar/user").
          el.setAttribute("href", (el.getAttribute("href") ?? routePath("user-login")).replace(/\/login$/, ""));
        },
      })
      .on('[data-hole="account-label"]', {
        element(el) {
          el.setInnerContent(t.fill(t.m.ui.accountOf, { name }));
        },
      });
  },
});
