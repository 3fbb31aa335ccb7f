/**
 * The pages of "tell me when it's back": the form again when a post without JavaScript was refused,
 * and the pages its e-mail links open (confirmed, unsubscribe, a link that is not valid). Each is
 * rendered for one request, never kept (/stock-alerts is a personal path) and never indexed.
 */
import type { Context } from "hono";
import type { ReactNode } from "react";
import type { Availability } from "../../../shared/cart-rules";
import { routePath } from "../../../shared/links";
import { offersStockAlert } from "../../../shared/stock-rules";
import { renderPage } from "../../frame/document/render-page";
import { Rich, textsOf } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import type { StockAlertView } from "../../platform/stock/stock-alert-store";
import { BackInStockForm, type BackInStockState } from "./back-in-stock-form";

/** Statuses a page here answers with; renderPage knows fewer, so the rest are set on its response. */
type PageStatus = 200 | 404 | 409 | 422 | 429;

async function alertPage(c: Context<AppEnv>, title: string, body: ReactNode, status: PageStatus = 200) {
  c.set("noindex", true);
  const res = await renderPage(c, {
    title,
    // Not the request's path: the links' tokens stay out of the canonical and sharing tags.
    canonicalPath: routePath("stock-alerts"),
    status: status === 404 || status === 422 ? status : 200,
    body: <div className="container page-section stock-alert-page">{body}</div>,
  });
  const headers = new Headers(res.headers);
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return new Response(res.body, { status, headers });
}

function Actions({ children }: { children: ReactNode }) {
  return <p className="stock-alert-page__actions">{children}</p>;
}

export interface AlertFormPage {
  product: { slug: string; name: string; sku: string };
  variant: { sku: string; name: string } | null;
  /** The product page with this item chosen. */
  backPath: string;
  /** The SKU is one of the product's: the form can be shown again for it. */
  belongs: boolean;
  itemName: string;
  availability: Availability;
  state: BackInStockState;
}

/**
 * A refused post without JavaScript: the form again with the address typed and the message beside
 * it, or only the message when the form no longer applies (the item is back in stock).
 */
export function renderAlertFormPage(c: Context<AppEnv>, page: AlertFormPage, status: 409 | 422 | 429) {
  const t = textsOf(c);
  const name = page.itemName;
  const withForm = page.belongs && offersStockAlert(page.availability);
  return alertPage(
    c,
    t.fill(t.m.stockAlert.formTitle, { name }),
    <>
      <h1>{name}</h1>
      {withForm ? (
        <BackInStockForm
          product={page.product}
          variant={page.variant}
          availability={page.availability}
          state={page.state}
        />
      ) : (
        page.state.alert && (
          <div className={`notice notice--${status === 409 ? "info" : "error"}`} role="alert">
            {page.state.alert}
          </div>
        )
      )}
      <Actions>
        <a href={page.backPath}>{t.fill(t.m.stockAlert.backTo, { name })}</a>
      </Actions>
    </>,
    status,
  );
}

/** A post for a product the catalogue no longer has. */
export function renderNoSuchProduct(c: Context<AppEnv>, message: string) {
  const words = textsOf(c).m.stockAlert;
  return alertPage(
    c,
    words.productNotFound,
    <>
      <h1>{words.productNotFound}</h1>
      <p>{message}</p>
      <Actions>
        <a className="button" href={routePath("catalog")}>
          {words.browseCatalog}
        </a>
      </Actions>
    </>,
    404,
  );
}

/** A confirmation or unsubscribe link that matches nothing: replaced by a newer e-mail, or not ours. */
export function renderLinkNotValid(c: Context<AppEnv>) {
  const words = textsOf(c).m.stockAlert;
  return alertPage(
    c,
    words.linkNotValid,
    <>
      <h1>{words.linkNotValid}</h1>
      <p>{words.linkNotValidText}</p>
      <Actions>
        <a className="button" href={routePath("catalog")}>
          {words.browseCatalog}
        </a>
      </Actions>
    </>,
    404,
  );
}

/** After the confirmation link: what will happen, in the subscription's present state. */
export function renderConfirmed(c: Context<AppEnv>, alert: StockAlertView, unsubscribePath: string | null) {
  const t = textsOf(c);
  const words = t.m.stockAlert;
  const name = alert.itemName;
  switch (alert.status) {
    case "sent":
      return alertPage(
        c,
        t.fill(words.backTitle, { name }),
        <>
          <h1>{words.backHeading}</h1>
          <p>{t.fill(words.backText, { name })}</p>
          <Actions>
            <a className="button" href={alert.productPath}>
              {t.fill(words.see, { name })}
            </a>
          </Actions>
        </>,
      );
    case "unsubscribed":
      return alertPage(
        c,
        words.cancelledTitle,
        <>
          <h1>{words.cancelledHeading}</h1>
          <p>{t.fill(words.cancelledText, { name })}</p>
          <Actions>
            <a href={alert.productPath}>{t.fill(words.goTo, { name })}</a>
          </Actions>
        </>,
      );
    default:
      return alertPage(
        c,
        words.confirmedTitle,
        <>
          <h1>{words.confirmedHeading}</h1>
          <p>{t.fill(words.confirmedText, { name })}</p>
          <Actions>
            <a href={alert.productPath}>{t.fill(words.backTo, { name })}</a>
            {unsubscribePath && (
              <>
                {" · "}
                <Rich text={words.changedMind} parts={{ link: <a href={unsubscribePath}>{words.cancelAlert}</a> }} />
              </>
            )}
          </Actions>
        </>,
      );
  }
}

/**
 * The unsubscribe link opened: a button that stops the alert. Following the link alone changes
 * nothing, so a mail scanner that opens every link cannot cancel it; mail providers use the
 * one-click POST of the same path (RFC 8058).
 */
export function renderUnsubscribeAsk(c: Context<AppEnv>, alert: StockAlertView, action: string) {
  if (alert.status === "unsubscribed") return renderUnsubscribed(c, alert);
  const t = textsOf(c);
  const words = t.m.stockAlert;
  const name = alert.itemName;
  return alertPage(
    c,
    words.stopTitle,
    <>
      <h1>{t.fill(words.stopHeading, { name })}</h1>
      <p>{alert.status === "sent" ? words.stopSent : words.stopWaiting}</p>
      <form method="post" action={action}>
        <button type="submit" className="button">
          {t.fill(words.stop, { name })}
        </button>
      </form>
      <Actions>
        <a href={alert.productPath}>{t.fill(words.goTo, { name })}</a>
      </Actions>
    </>,
  );
}

export function renderUnsubscribed(c: Context<AppEnv>, alert: StockAlertView) {
  const t = textsOf(c);
  const words = t.m.stockAlert;
  const name = alert.itemName;
  return alertPage(
    c,
    words.unsubscribedTitle,
    <>
      <h1>{words.unsubscribedHeading}</h1>
      <p>{t.fill(words.unsubscribedText, { name })}</p>
      <Actions>
        <a href={alert.productPath}>{t.fill(words.goTo, { name })}</a>
      </Actions>
    </>,
  );
}
