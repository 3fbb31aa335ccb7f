import { gql } from "@urql/core";
import type { ShopBindings } from "../app-env";
import { createCmsClient, runQuery } from "./client";

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

/** Null when the CMS refused the token or could not be asked (logged): treat as no role. */
export async function accountRole(env: ShopBindings, token: string): Promise<AccountRole | null> {
  const data = await runQuery(createCmsClient({ env, token }), meRoleQuery, {}, "meRole");
  if (!data?.me) return null;
  return { userId: Number(data.me.id), type: data.me.role?.type ?? null };
}
