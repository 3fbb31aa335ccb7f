import type { Context } from "hono";
import type { AppEnv, SessionUser } from "../app-env";

/** Who a page is drawn for: the signed-in user shown on it (null: nobody) and the nonce its inline scripts carry. */
export interface Viewer {
  user: SessionUser | null;
  nonce: string;
}

/**
 * Who the page being drawn is for (decision 0096): nobody when it renders for keeping (its page shell
 * gave it an anonymous view, and the edge fills the shopper's parts in afterwards), else this
 * request's shopper. The request's own user and nonce are never changed for it.
 */
export function viewerOf(c: Context<AppEnv>): Viewer {
  return c.get("keeping")?.viewer ?? { user: c.get("user") ?? null, nonce: c.get("nonce") };
}
