import type { Context } from "hono";
import { routePath } from "../../../shared/links";
import { renderPage } from "../../frame/document/render-page";
import { textsOf } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";

/**
 * When the order's batch could not be confirmed (D1 failed, and failed again, before or after it
 * committed): the shopper is told so, in the layout, with a button that posts the same form under
 * the same idempotency key. Sent again, it finds the order if it was placed (and goes on to it) or
 * places it once if not (docs/decisions/0100). A 503: nothing here may be kept or cached.
 */
export function orderUnconfirmed(c: Context<AppEnv>, fields: Record<string, string>): Promise<Response> {
  const t = textsOf(c);
  const words = t.m.checkout;
  c.header("Retry-After", "10");
  return renderPage(c, {
    status: 503,
    title: words.unconfirmedTitle,
    description: words.unconfirmed,
    body: (
      <section className="container page-section narrow">
        <h1>{words.unconfirmedTitle}</h1>
        <div className="notice notice--error" role="alert">
          {words.unconfirmed}
        </div>
        <form method="post" action={routePath("cart-order")}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--primary">
            {words.tryAgain}
          </button>
        </form>
      </section>
    ),
  });
}
