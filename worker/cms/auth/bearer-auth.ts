import { readJwtClaims } from "./auth-jwt";
import { readAuthSettings } from "./auth-settings";
import { tokenStillValid } from "./token-validity";
import { type CmsUserRow, findUserById } from "./user-store";

/**
 * Who a request to the embedded CMS is, from its Authorization header, as
 * users-permissions decides it:
 * - no header: anonymous (the Public role);
 * - a header that is not a valid, unexpired HS256 JWT of ours: 401 "Missing or invalid credentials",
 *   even on public routes;
 * - a valid token whose user is gone, blocked, or unconfirmed while confirmation is on:
 *   401 "Invalid credentials".
 * Not Strapi's: a token issued in a second before the user's last password change or reset
 * is refused like an expired one (401 "Missing or invalid credentials"; token-validity.ts).
 * The GraphQL endpoint calls this too, so both answer a bad token the same way.
 */
export type BearerResult =
  | { kind: "anonymous" }
  | { kind: "user"; user: CmsUserRow }
  | { kind: "invalid"; message: "Missing or invalid credentials" | "Invalid credentials" };

export async function authenticateBearer(
  env: Env,
  db: D1Database,
  authorization: string | undefined | null,
): Promise<BearerResult> {
  if (authorization === undefined || authorization === null) return { kind: "anonymous" };
  const parts = authorization.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0]!.toLowerCase() !== "bearer") {
    return { kind: "invalid", message: "Missing or invalid credentials" };
  }
  const token = parts[1]!;
  const claims = await readJwtClaims(env, token);
  if (claims === null) return { kind: "invalid", message: "Missing or invalid credentials" };
  const [user, valid] = await Promise.all([findUserById(db, claims.id), tokenStillValid(db, claims)]);
  if (!valid) return { kind: "invalid", message: "Missing or invalid credentials" };
  if (!user || user.blocked === 1) return { kind: "invalid", message: "Invalid credentials" };
  if (user.confirmed !== 1 && (await readAuthSettings(db)).emailConfirmation) {
    return { kind: "invalid", message: "Invalid credentials" };
  }
  return { kind: "user", user };
}

/** The 401 body for an invalid result, in Strapi's error envelope. */
export function bearerErrorBody(result: Extract<BearerResult, { kind: "invalid" }>) {
  return { data: null, error: { status: 401, name: "UnauthorizedError", message: result.message, details: {} } };
}
