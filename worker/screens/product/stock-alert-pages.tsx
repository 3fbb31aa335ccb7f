/**
 * The pages of "tell me when it's back": the form again when a post without JavaScript was refused,
 * and the pages its e-mail links open (confirmed, unsubscribe, a link that is not valid). Each is
 * rendered for one request, never kept (/stock-alerts is a personal path) and never indexed.
 */
import type { Context } from "hono";
import type { ReactNode } from "react";
import type { Availability } from "../../../shared/cart-rules";
import { offersStockAlert } from "../../../shared/stock-rules";
import { renderPage } from "../../frame/document/render-page";
import type { AppEnv } from "../../platform/app-env";
import type { StockAlertView } from "../../platform/stores/stock-alert-store";
import { BackInStockForm, type BackInStockState } from "./back-in-stock-form";

/** Statuses a page here answers with; renderPage knows fewer, so the rest are set on its response. */
type PageStatus = 200 | 404 | 409 | 422 | 429;

async function alertPage(c: Context<AppEnv>, title: string, body: ReactNode, status: PageStatus = 200) {
  c.set("noindex", true);
  const res = await renderPage(c, {
    title,
    // Not the request's path: the links' tokens stay out of the canonical and sharing tags.
    canonicalPath: "/stock-alerts",
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
  const withForm = page.belongs && offersStockAlert(page.availability);
  return alertPage(
    c,
    `Tell me when it's back: ${page.itemName}`,
    <>
      <h1>{page.itemName}</h1>
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
        <a href={page.backPath}>Back to {page.itemName}</a>
      </Actions>
    </>,
    status,
  );
}

/** A post for a product the catalogue no longer has. */
export function renderNoSuchProduct(c: Context<AppEnv>, message: string) {
  return alertPage(
    c,
    "Product not found",
    <>
      <h1>Product not found</h1>
      <p>{message}</p>
      <Actions>
        <a className="button" href="/catalog">
          Browse the catalog
        </a>
      </Actions>
    </>,
    404,
  );
}

/** A confirmation or unsubscribe link that matches nothing: replaced by a newer e-mail, or not ours. */
export function renderLinkNotValid(c: Context<AppEnv>) {
  return alertPage(
    c,
    "This link is not valid",
    <>
      <h1>This link is not valid</h1>
      <p>
        It may have been replaced by a newer e-mail from us: please use the link in the latest one. If you asked for an
        alert again, the new e-mail has the link that works.
      </p>
      <Actions>
        <a className="button" href="/catalog">
          Browse the catalog
        </a>
      </Actions>
    </>,
    404,
  );
}

/** After the confirmation link: what will happen, in the subscription's present state. */
export function renderConfirmed(c: Context<AppEnv>, alert: StockAlertView, unsubscribePath: string | null) {
  switch (alert.status) {
    case "sent":
      return alertPage(
        c,
        `${alert.itemName} is back`,
        <>
          <h1>Good news: it's back</h1>
          <p>{alert.itemName} is in stock now, and we have sent you the e-mail you asked for.</p>
          <Actions>
            <a className="button" href={alert.productPath}>
              See {alert.itemName}
            </a>
          </Actions>
        </>,
      );
    case "unsubscribed":
      return alertPage(
        c,
        "Alert cancelled",
        <>
          <h1>This alert was cancelled</h1>
          <p>We will not e-mail you about {alert.itemName}. You can ask for an alert again on its page.</p>
          <Actions>
            <a href={alert.productPath}>Go to {alert.itemName}</a>
          </Actions>
        </>,
      );
    default:
      return alertPage(
        c,
        "Alert confirmed",
        <>
          <h1>You're on the list</h1>
          <p>We'll e-mail you once when {alert.itemName} is back.</p>
          <Actions>
            <a href={alert.productPath}>Back to {alert.itemName}</a>
            {unsubscribePath && (
              <>
                {" · "}
                Changed your mind? <a href={unsubscribePath}>Cancel this alert</a>
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
  return alertPage(
    c,
    "Stop this alert",
    <>
      <h1>Stop e-mails about {alert.itemName}?</h1>
      <p>
        {alert.status === "sent"
          ? "We have sent the one alert you asked for; nothing more will come unless you ask again."
          : "We will not tell you when it is back."}
      </p>
      <form method="post" action={action}>
        <button type="submit" className="button">
          Stop e-mails about {alert.itemName}
        </button>
      </form>
      <Actions>
        <a href={alert.productPath}>Go to {alert.itemName}</a>
      </Actions>
    </>,
  );
}

export function renderUnsubscribed(c: Context<AppEnv>, alert: StockAlertView) {
  return alertPage(
    c,
    "Unsubscribed",
    <>
      <h1>You're unsubscribed</h1>
      <p>We will not e-mail you about {alert.itemName}.</p>
      <Actions>
        <a href={alert.productPath}>Go to {alert.itemName}</a>
      </Actions>
    </>,
  );
}
