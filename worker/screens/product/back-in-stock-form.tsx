/**
 * "Tell me when it's back": the form the product page shows in place of buying, for a shade,
 * size or product that is sold out or on pre-order. A plain form (POST /stock-alerts, then back
 * to the product page with a message), so it works without JavaScript and ships none.
 *
 * The product page may be a kept page shell, the same for everyone: the e-mail field carries
 * `data-hole="alert-email"` and the edge fills in a signed-in shopper's address
 * (worker/frame/personal/alert-email.ts). A page rendered for one request passes `email`.
 */
import { Field } from "../../../client/components/fields";
import { Honeypot } from "../../../client/components/request-form-parts";
import type { Availability } from "../../../shared/cart-rules";
import { routePath } from "../../../shared/links";
import { offersStockAlert } from "../../../shared/stock-rules";
import { itemName } from "../../../shared/variants";
import { useTexts } from "../../frame/i18n/texts";
import { ALERT_EMAIL_HOLE } from "../../frame/personal/alert-email";

export interface BackInStockState {
  email?: string;
  errors?: { email?: string };
  /** A message for the whole form (a refusal that is not about the address typed). */
  alert?: string | null;
}

export function BackInStockForm({
  product,
  variant,
  availability,
  state = {},
}: {
  product: { slug: string; name: string; sku: string };
  /** The shade or size shown; null for a product sold as one item. */
  variant: { sku: string; name: string } | null;
  /** What the page shows for it, stock taken into account (shared/stock-rules.ts stockState). */
  availability: Availability;
  state?: BackInStockState;
}) {
  const t = useTexts();
  if (!offersStockAlert(availability)) return null;
  const name = itemName(product.name, variant?.name);
  const words = t.m.stockAlert;
  return (
    <section className="back-in-stock" aria-labelledby="back-in-stock-title">
      <h2 id="back-in-stock-title" className="back-in-stock__title">
        {words.title}
      </h2>
      <p className="back-in-stock__lead">{t.fill(words.soldOut, { name })}</p>
      {state.alert && (
        <div className="notice notice--error" role="alert">
          {state.alert}
        </div>
      )}
      <form method="post" action={routePath("stock-alerts")} className="back-in-stock__form">
        <input type="hidden" name="product" value={product.slug} />
        <input type="hidden" name="sku" value={variant?.sku ?? product.sku} />
        <Honeypot idPrefix="back-in-stock" />
        <Field name="email" label={words.email} required error={state.errors?.email} idPrefix="back-in-stock">
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              defaultValue={state.email}
              data-hole={ALERT_EMAIL_HOLE}
            />
          )}
        </Field>
        <button type="submit" className="button button--outlined">
          {words.notify}
          <span className="visually-hidden">{t.fill(words.notifyWhat, { name })}</span>
        </button>
      </form>
    </section>
  );
}
