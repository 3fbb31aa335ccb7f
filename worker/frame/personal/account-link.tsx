import { Icon } from "../../../client/components/icons";
import { displayName } from "../../platform/session/session";
import { shopperFragment } from "./personal-fragment";

/** The header's account link: "Sign in" in a kept page, the shopper's account once they are signed in. */
export function AccountLink({ name }: { name: string | null }) {
  return (
    <a className="icon-button" href={name !== null ? "/user" : "/user/login"} data-hole="account-link">
      <Icon name="user" />
      <span className="visually-hidden" data-hole="account-label">
        {name !== null ? `Account of ${name}` : "Sign in"}
      </span>
    </a>
  );
}

export const accountLink = shopperFragment({
  name: "account-link",
  wants: (view) => view.user !== null,
  fill(rewriter, view) {
    const name = view.user ? displayName(view.user) : "";
    rewriter
      .on('[data-hole="account-link"]', {
        element(el) {
          // The account beside the sign-in link it replaces, in the page's language ("/ar/user/login" → "/ar/user").
          el.setAttribute("href", (el.getAttribute("href") ?? "/user/login").replace(/\/login$/, ""));
        },
      })
      .on('[data-hole="account-label"]', {
        element(el) {
          el.setInnerContent(`Account of ${name}`);
        },
      });
  },
});
