import type { Context } from "hono";
import { routePath } from "../../../shared/links";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { textsOf } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import { documentsStatement, readDocuments } from "../../platform/invoices/invoice-store";
import { InvoiceSheet } from "../../shop/invoice/invoice-sheet";
import { OrderDetail } from "./order-detail";
import { keepOrderPagePrivate } from "./order-key";
import { ownedOrder } from "./owned-order";

/**
 * An order's tax invoice for its shopper (decision 0116): `/user/orders/{number}/invoice` for the account
 * that placed it, `/cart/order/{number}/invoice` for the browser that placed it or anyone with its key
 * (`?key=…`, decision 0112). Read in the order's own batch; anyone else gets the 404 of an order that
 * does not exist. Until the invoice is issued, the page says it is an order confirmation.
 */
async function invoiceOf(c: Context<AppEnv>, back: (number: string, key: string | undefined) => string) {
  keepOrderPagePrivate(c);
  const number = c.req.param("number") ?? "";
  const owned = await ownedOrder(c, number, (db) => [documentsStatement(db, number)]);
  if (!owned) return renderNotFound(c);
  const { order } = owned;
  const documents = readDocuments(owned.more[0]);
  const t = textsOf(c);
  return renderPage(c, {
    title: t.fill(t.m.invoice.pageTitle, { number: order.number }),
    body: (
      <section className="container page-section">
        <InvoiceSheet
          documents={documents}
          back={{ href: back(order.number, c.req.query("key")), label: t.m.invoice.backToOrder }}
          confirmation={<OrderDetail order={order} />}
        />
      </section>
    ),
  });
}

export function guestInvoicePage(c: Context<AppEnv>): Promise<Response> {
  return invoiceOf(c, (number, key) => routePath("cart-order-number", { number }, { query: { key } }));
}

export async function accountInvoicePage(c: Context<AppEnv>): Promise<Response> {
  if (!c.get("user")) return c.redirect(routePath("user-login", { query: { redirect: c.req.path } }), 302);
  return invoiceOf(c, (number) => routePath("user-orders-number", { number }));
}
