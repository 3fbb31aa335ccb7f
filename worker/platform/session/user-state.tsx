import { USER_STATE_KEY } from "../../../shared/constants";
import type { PageUser } from "../../../shared/page-user";
import type { SessionUser } from "../app-env";

/**
 * The user as page state for islands (`strapi_user`, spec section 3): a JSON
 * script with the few fields islands need. Never the token. `<` is escaped so
 * the data can't close the script element.
 */
export function toPageUser(user: SessionUser | null): PageUser | null {
  if (!user) return null;
  return { id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName };
}

export function UserState({ user, nonce }: { user: SessionUser | null; nonce: string }) {
  const json = JSON.stringify(toPageUser(user)).replace(/</g, "\\u003c");
  return (
    <script
      type="application/json"
      id={USER_STATE_KEY}
      nonce={nonce}
      data-hole="user-state"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, inside a non-executed script type
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
