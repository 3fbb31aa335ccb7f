import { shopperFragment } from "./personal-fragment";

/**
 * The back-in-stock form's e-mail field (screens/product/back-in-stock-form.tsx) carries this hole:
 * a kept page leaves it empty, and a signed-in shopper finds their address in it.
 */
export const ALERT_EMAIL_HOLE = "alert-email";

/** An e-mail address made only of characters that mean nothing in an HTML attribute. */
const PLAIN_ADDRESS = /^[^\s"'<>&`=]{3,254}$/;

export const alertEmail = shopperFragment({
  name: ALERT_EMAIL_HOLE,
  mark: `data-hole="${ALERT_EMAIL_HOLE}"`,
  wants: (view) => view.user !== null,
  fill(rewriter, { user }) {
    const email = user?.email ?? "";
    rewriter.on(`[data-hole="${ALERT_EMAIL_HOLE}"]`, {
      element(el) {
        // Prefilled only when the page has none and the address has nothing to escape.
        if (!el.hasAttribute("value") && PLAIN_ADDRESS.test(email)) el.setAttribute("value", email);
      },
    });
  },
});
