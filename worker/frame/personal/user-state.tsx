import { USER_STATE_KEY } from "../../../shared/constants";
import type { PageUser } from "../../../shared/page-user";
import type { SessionUser } from "../../platform/app-env";
import { shopperFragment } from "./personal-fragment";

/** The few fields islands need of the user; never the token. */
function toPageUser(user: SessionUser | null): PageUser | null {
  if (!user) return null;
  return { id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName };
}

/** JSON for a non-executed script: "<" escaped so the data can't close the element. */
function userJson(user: SessionUser | null): string {
  return JSON.stringify(toPageUser(user)).replace(/</g, "\\u003c");
}

/** The user as page state for islands (`strapi_user`, spec section 3): `null` in a kept page. */
export function UserState({ user, nonce }: { user: SessionUser | null; nonce: string }) {
  return (
    <script
      type="application/json"
      id={USER_STATE_KEY}
      nonce={nonce}
      data-hole="user-state"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, inside a non-executed script type
      dangerouslySetInnerHTML={{ __html: userJson(user) }}
    />
  );
}

export const userState = shopperFragment({
  name: "user-state",
  wants: (view) => view.user !== null,
  fill(rewriter, view) {
    rewriter.on('[data-hole="user-state"]', {
      element(el) {
        el.setInnerContent(userJson(view.user), { html: true });
      },
    });
  },
});
