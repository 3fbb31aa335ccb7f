import { type CombinedError, gql } from "@urql/core";
import type { ShopBindings } from "../app-env";
import { log } from "../log/log";
import { createCmsClient } from "./client";

/**
 * The signed-in user's users-permissions role, asked of the CMS with their token, afresh on
 * each call (the staff desk asks on every request). Through GraphQL's `me`: a real Strapi
 * answers REST `/users/me?populate=role` without the role for every role lacking
 * `role.find` (its sanitiser drops the relation), while `me` returns the user its auth
 * strategy loaded for this request, role included, to any role with `user.me`.
 */
export const meRoleQuery = gql<{ me: { id: string; role: { type: string | null } | null } | null }>`
  query meRole {
    me {
      id
      role { type }
    }
  }
`;

export interface AccountRole {
  userId: number;
  /** `authenticated`, `staff`, …; null when the CMS answered no role. */
  type: string | null;
}

/**
 * The CMS could not be asked (no answer, a 5xx, a 429, an answer that is not GraphQL's): the
 * role is not known, which is not "no role" (decision 0101). The desk says to try again.
 */
export const ROLE_UNKNOWN = "role-unknown";

/** The CMS's own "not this token": 401 or 403, or Strapi's FORBIDDEN / UNAUTHENTICATED in the answer. */
function refused(error: CombinedError): boolean {
  const status = (error.response as Response | undefined)?.status;
  if (status === 401 || status === 403) return true;
  return error.graphQLErrors.some(
    (e) => e.extensions?.code === "FORBIDDEN" || e.extensions?.code === "UNAUTHENTICATED",
  );
}

/** Null when the CMS refused the token or answered no user (treat as no role); ROLE_UNKNOWN when it could not be asked (logged). */
export async function accountRole(env: ShopBindings, token: string): Promise<AccountRole | typeof ROLE_UNKNOWN | null> {
  try {
    const result = await createCmsClient({ env, token }).query(meRoleQuery, {}).toPromise();
    if (result.error) {
      log.error("CMS query failed", { operation: "meRole", error: result.error.message });
      return refused(result.error) ? null : ROLE_UNKNOWN;
    }
    const me = result.data?.me;
    if (!me) return null;
    return { userId: Number(me.id), type: me.role?.type ?? null };
  } catch (error) {
    log.error("CMS query failed", { operation: "meRole", error });
    return ROLE_UNKNOWN;
  }
}
