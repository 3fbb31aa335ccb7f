import type { CmsUserRow } from "./user-store";

/**
 * users-permissions' roles as Strapi names them, for the users of the embedded CMS
 * (cms_users.role). Only GraphQL's `me` shows a user their role: REST `/users/me` drops it
 * like Strapi, whose sanitiser strips `populate=role` for a role without `role.find`.
 * Ids as a fresh Strapi of strapi/ numbers them (bootstrap creates Staff third).
 */
export const ROLES = {
  authenticated: {
    id: 1,
    name: "Authenticated",
    description: "Default role given to authenticated user.",
    type: "authenticated",
  },
  staff: { id: 3, name: "Staff", description: "The shop's staff: the staff desk at /staff.", type: "staff" },
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

export function roleOf(user: CmsUserRow): Role {
  return ROLES[user.role] ?? ROLES.authenticated;
}
