import { PROFILE_FIELDS } from "../forms/account";
import type { ScalarAttribute } from "./model-types";

/**
 * The shopper's profile, added to users-permissions' User: the embedded CMS keeps
 * them in cms_users (migrations/0020), a Strapi project adds them to the user
 * type (strapi/src/extensions/users-permissions). Only these may be changed
 * through PUT /api/users/:id, and only by the user themself.
 */
export const userProfileAttributes: Record<(typeof PROFILE_FIELDS)[number], ScalarAttribute> = Object.fromEntries(
  PROFILE_FIELDS.map((name) => [name, { type: "string" }]),
) as Record<(typeof PROFILE_FIELDS)[number], ScalarAttribute>;

/** The profile as both CMSs answer it: null until the shopper fills a field in. */
export type UserProfile = { [K in (typeof PROFILE_FIELDS)[number]]: string | null };
