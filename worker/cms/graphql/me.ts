import { GraphQLError } from "graphql";
import { roleOf } from "../auth/roles";
import type { CmsContext } from "./loaders";

/**
 * users-permissions' `me` query: the signed-in user with their role. Strapi answers it from
 * the user its auth strategy loaded for this request (role populated, not sanitised away as
 * on REST `/users/me`), so it is how the shop asks a user's role afresh (the staff desk).
 * Anonymous callers get Strapi's answer: `me: null` and a FORBIDDEN error.
 */
export const meTypeDefs = /* GraphQL */ `
type UsersPermissionsMeRole { id: ID!, name: String!, description: String, type: String }
type UsersPermissionsMe { id: ID!, username: String!, email: String, confirmed: Boolean, blocked: Boolean, role: UsersPermissionsMeRole }
`;

export function me(_args: unknown, ctx: CmsContext) {
  const user = ctx.user;
  if (!user) {
    throw new GraphQLError("Forbidden access", {
      extensions: {
        code: "FORBIDDEN",
        error: { name: "ForbiddenError", message: "Forbidden access", details: {} },
      },
    });
  }
  const role = roleOf(user);
  return {
    id: String(user.id),
    username: user.username,
    email: user.email,
    confirmed: user.confirmed === 1,
    blocked: user.blocked === 1,
    role: { ...role, id: String(role.id) },
  };
}
