import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import type { HeaderCounts, HeaderUser } from "../layout/header";
import { displayName } from "../session/session";

export interface HeaderState {
  counts: HeaderCounts;
  user: HeaderUser | null;
}

/**
 * What the header shows about this shopper: bag and favourites counts and the
 * signed-in user. The session, bag and favourites modules feed it.
 */
export async function loadHeaderState(c: Context<AppEnv>): Promise<HeaderState> {
  const user = c.get("user");
  return { counts: { favourites: 0, bag: 0 }, user: user ? { name: displayName(user) } : null };
}
