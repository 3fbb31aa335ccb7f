import type { Context } from "hono";
import { routePath } from "../../../shared/links";
import { formatPrice } from "../../../shared/money";
import { orderStatusLabel } from "../../../shared/order-status-words";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { Rich, textsOf } from "../../frame/i18n/texts";
import { FlashMessage, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { listOrdersOfUser } from "../../platform/orders/order-store";
import { instalmentNotCompleted } from "../../shop/payments/instalment-order-note";
import { InvoiceLink, invoiceIssued, withDocuments } from "./invoice-link";
import { OrderDetail } from "./order-detail";
import { keepOrderPagePrivate } from "./order-key";
import { NextSteps, orderHeading } from "./order-next-steps";
import { ConfirmOnWhatsapp, shopWhatsapp } from "./order-whatsapp";
import { ownedOrder } from "./owned-order";

export async function confirmationPage(c: Context<AppEnv>): Promise<Response> {
  keepOrderPagePrivate(c);
  const number = c.req.param("number") ?? "";
  const [owned, whatsapp] = await Promise.all([ownedOrder(c, number, withDocuments(number)), shopWhatsapp(c)]);
  if (!owned) return renderNotFound(c);
  const { order, events } = owned;
  const flash = takeFlash(c);
  const cancelled = c.req.query("cancelled") === "1" && order.status === "awaiting_payment";
  const t = textsOf(c);
  const o = t.m.orders;
  return renderPage(c, {
    title: t.fill(o.orderTitle, { number: order.number }),
    description: o.description,
    body: (
      <section className="container page-section narrow">
        <FlashMessage flash={flash} />
        {/* A cancelled order or a parcel that came back is no occasion for thanks: the heading says which. */}
        {order.status !== "cancelled" && order.status !== "refused" && (
          <p className="eyebrow">
            <Rich text={o.thankYou} parts={{ name: order.firstName }} />
          </p>
        )}
        <h1>{orderHeading(order, o)}</h1>
        {cancelled ? (
          <div className="notice notice--info" role="status">
            {instalmentNotCompleted(order, t) ?? o.cardCancelled}
          </div>
        ) : (
          <p className="lead">
            <Rich
              text={o.sent}
              // An address, a number and a phone are written left to right on a right-to-left page: each is isolated.
              parts={{
                email: (
                  <strong>
                    <bdi>{order.email}</bdi>
                  </strong>
                ),
                number: (
                  <strong>
                    <bdi>{order.number}</bdi>
                  </strong>
                ),
              }}
            />
          </p>
        )}
        <NextSteps order={order} events={events} />
        <ConfirmOnWhatsapp order={order} digits={whatsapp} />
        <OrderDetail order={order} events={events} />
        <InvoiceLink
          href={routePath("cart-order-invoice", { number: order.number }, { query: { key: c.req.query("key") } })}
          issued={invoiceIssued(owned.more)}
        />
        <p>
          <a className="button" href={routePath("catalog")}>
            {o.continueShopping}
          </a>
        </p>
      </section>
    ),
  });
}

export async function ordersPage(c: Context<AppEnv>): Promise<Response> {
  const user = c.get("user");
  if (!user) return c.redirect(routePath("user-login", { query: { redirect: routePath("user-orders") } }), 302);
  const orders = await listOrdersOfUser(c.env.DB, user.id);
  const t = textsOf(c);
  const o = t.m.orders;
  const { delivery, payment } = t.m.checkout;
  return renderPage(c, {
    title: o.mine,
    description: o.mineDescription,
    body: (
      <section className="container page-section">
        <h1>{o.mine}</h1>
        {orders.length === 0 ? (
          <div className="empty-state">
            <p>{o.none}</p>
            <a className="button" href={routePath("catalog")}>
              {o.browseCatalog}
            </a>
          </div>
        ) : (
          <ul className="order-list">
            {orders.map((order) => (
              <li key={order.number} className="order-card">
                <div className="order-card__head">
                  <h2>
                    <a href={routePath("user-orders-number", { number: order.number })}>
                      <Rich text={o.orderTitle} parts={{ number: order.number }} />
                    </a>
                  </h2>
                  <span className={`status status--${order.status}`}>{orderStatusLabel(o, order)}</span>
                </div>
                <p className="muted">
                  {[
                    t.date(new Date(order.createdAt)),
                    t.plural(
                      o.items,
                      order.lines.reduce((n, l) => n + l.quantity, 0),
                    ),
                    formatPrice(t.locale, order.totals.total),
                    payment[order.payment],
                    order.delivery === "pickup" ? delivery.pickup : delivery.transport,
                  ].join(" · ")}
                </p>
                <ul className="order-card__lines">
                  {order.lines.map((l) => (
                    <li key={l.productSlug}>
                      {l.quantity} × {l.name}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    ),
  });
}

export async function orderDetailPage(c: Context<AppEnv>): Promise<Response> {
  const user = c.get("user");
  if (!user) return c.redirect(routePath("user-login", { query: { redirect: c.req.path } }), 302);
  const number = c.req.param("number") ?? "";
  const owned = await ownedOrder(c, number, withDocuments(number));
  if (!owned) return renderNotFound(c);
  const { order, events } = owned;
  const t = textsOf(c);
  return renderPage(c, {
    title: t.fill(t.m.orders.orderTitle, { number: order.number }),
    body: (
      <section className="container page-section">
        <p>
          <a href={routePath("user-orders")}>{t.m.orders.allOrders}</a>
        </p>
        <h1>
          <Rich text={t.m.orders.orderTitle} parts={{ number: order.number }} />
        </h1>
        <NextSteps order={order} events={events} />
        <OrderDetail order={order} events={events} />
        <InvoiceLink
          href={routePath("user-orders-invoice", { number: order.number })}
          issued={invoiceIssued(owned.more)}
        />
      </section>
    ),
  });
}
