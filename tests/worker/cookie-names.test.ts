import { describe, expect, it } from "vitest";
import * as cookieNames from "../../shared/cookie-names";

/**
 * The one place the cookies' names are written out in tests: everything else names them
 * through shared/cookie-names.ts, so this is what fails if one is renamed. They are
 * requirements (the specification's, and what browsers already hold), not choices.
 */
describe("cookie names", () => {
  it("are the specification's and the shop's, word for word", () => {
    expect(Object.fromEntries(Object.entries(cookieNames))).toEqual({
      TOKEN_COOKIE: "strapi_jwt",
      LOCALE_COOKIE: "i18n_redirected",
      VISITOR_COOKIE: "visitor_id",
      VISITOR_COUNTS_COOKIE: "bag_state",
      FLASH_COOKIE: "flash",
      PROVIDER_STATE_COOKIE: "__Host-auth_state",
      SESSION_COOKIE: "__Host-session",
      DB_BOOKMARK_COOKIE: "__Host-db_bookmark",
      PAGES_CHANGED_COOKIE: "__Host-pages_changed",
      CHECKOUT_DRAFT_COOKIE: "__Host-checkout_draft",
      ADD_TOKEN_COOKIE: "__Host-add_token",
    });
  });
});
