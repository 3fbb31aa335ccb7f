import { USER_STATE_KEY } from "../shared/constants";
import type { PageUser } from "../shared/page-user";

/** The `strapi_user` page state the server rendered: the signed-in shopper, or null. */
export function readSessionUser(doc: Document = document): PageUser | null {
  const script = doc.getElementById(USER_STATE_KEY);
  if (!script?.textContent) return null;
  try {
    const value = JSON.parse(script.textContent) as PageUser | null;
    return value && typeof value.id === "number" ? value : null;
  } catch {
    return null;
  }
}
