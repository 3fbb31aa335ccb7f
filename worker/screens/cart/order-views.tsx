import type { Context } from "hono";
import type { ReactNode } from "react";
import { routePath } from "../../../shared/links";
import { formatPrice } from "../../../shared/money";
import { orderStatusLabel } from "../../../shared/order-status-words";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { Rich, textsOf, useTexts } from "../../frame/i18n/texts";
import { FlashMessage, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import type { OrderEvent } from "../../platform/orders/order-history-store";
import type { Order, OrderStatus } from "../../platform/orders/order-record";
import { listOrdersOfUser } from "../../platform/orders/order-store";
import { instalmentAwaitingStep, instalmentNotCompleted } from "../../shop/payments/instalment-order-note";
import { TotalsTable } from "./cart-totals";
import { InvoiceLink, invoiceIssued, withDocuments } from "./invoice-link";
import { keepOrderPagePrivate } from "./order-key";
import { ConfirmOnWhatsapp, shopWhatsapp } from "./order-whatsapp";
import { ownedOrder } from "./owned-order";

type OrderTexts = ReturnType<typeof useTexts>["m"]["orders"];

/** The page's heading as the order stands: placed until it is on its way, delivered or cancelled. */
function heading(order: Order, o: OrderTexts): string {
  if (order.status === "shipped" && order.delivery === "pickup") return o.now.readyNow;
  if (order.status === "completed" && order.delivery === "pickup") return o.collectedHeading;
  if (
    order.status === "shipped" ||
    order.status === "completed" ||
    order.status === "cancelled" ||
    order.status === "refused"
  ) {
    return o.headings[order.status];
  }
  return o.isPlaced;
}

/** What happens next, as the order stands now: a shipped or cancelled order is not "checked and confirmed". */
function NextSteps({ order }: { order: Order }) {
  const t = useTexts();
  const o = t.m.orders;
  const pickup = order.delivery === "pickup";
  const last = pickup ? o.readyToCollect : o.courierCalls;
  const steps: ReactNode[] = {
    new: [
      <Rich key="call" text={o.weCall} parts={{ phone: <bdi dir="ltr">{order.phone}</bdi> }} />,
      // The spec's note on the delivery cost: a parcel's, so not a Local Pickup order's.
      ...(pickup ? [] : [t.m.checkout.shippingNote]),
      last,
    ],
    awaiting_payment: [instalmentAwaitingStep(order, t) ?? o.now.awaitingPayment, last],
    paid: [o.now.paid, last],
    processing: [o.now.processing, last],
    shipped: [pickup ? o.now.readyNow : o.now.shipped, ...(pickup ? [] : [o.courierCalls])],
    completed: [pickup ? o.collectedNow : o.now.completed],
    cancelled: [o.now.cancelled],
    refused: [o.now.refused],
  }[order.status];
  return (
    <>
      <h2>{o.next}</h2>
      <ol className="next-steps">
        {steps.map((step, index) => (
          // The steps are a fixed list per status, never reordered: their place is their key.
          <li key={index}>{step}</li>
        ))}
      </ol>
    </>
  );
}

/** The order's status moves for its shopper (staff notes stay on the desk). */
function History({ order, events }: { order: Order; events: OrderEvent[] }) {
  const t = useTexts();
  const o = t.m.orders;
  if (events.length === 0) return null;
  return (
    <>
      <h2>{o.history}</h2>
      <ol className="order-history">
        <li>
          <time dateTime={order.createdAt}>{t.date(new Date(order.createdAt))}</time>: {o.placed}
        </li>
        {events.map((event) => (
          <li key={event.id}>
            <time dateTime={event.createdAt}>{t.date(new Date(event.createdAt))}</time>:{" "}
            {event.toStatus && event.toStatus in o.status
              ? orderStatusLabel(o, { status: event.toStatus as OrderStatus, delivery: order.delivery })
              : event.toStatus}
          </li>
        ))}
      </ol>
    </>
  );
}

export function OrderDetail({ order, events = [] }: { order: Order; events?: OrderEvent[] }) {
  const t = useTexts();
  const o = t.m.orders;
  const { delivery, payment } = t.m.checkout;
  return (
    <div className="order-detail">
      <dl className="order-facts">
        <div>
          <dt>{o.number}</dt>
          <dd>{order.number}</dd>
        </div>
        <div>
          <dt>{o.placed}</dt>
          <dd>{t.date(new Date(order.createdAt))}</dd>
        </div>
        <div>
          <dt>{o.statusLabel}</dt>
          <dd>
            <span className={`status status--${order.status}`}>{orderStatusLabel(o, order)}</span>
          </dd>
        </div>
        <div>
          <dt>{o.delivery}</dt>
          <dd>
            {order.delivery === "pickup"
              ? delivery.pickup
              : t.fill(o.deliveryTo, {
                  method: delivery.transport,
                  address: [order.address, order.city, order.region, order.postcode].filter(Boolean).join(", "),
                })}
          </dd>
        </div>
        <div>
          <dt>{o.payment}</dt>
          <dd>{payment[order.payment]}</dd>
        </div>
        {order.trackingNumber && (
          <div>
            <dt>{o.tracking}</dt>
            <dd>
              {order.carrier}: {order.trackingNumber}
            </dd>
          </div>
        )}
      </dl>
      <History order={order} events={events} />
      <table className="order-lines">
        <caption className="visually-hidden">
          <Rich text={o.linesCaption} parts={{ number: order.number }} />
        </caption>
        <thead>
          <tr>
            <th scope="col">{o.product}</th>
            <th scope="col">{o.quantity}</th>
            <th scope="col">{o.price}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.productSlug}>
              <td>
                <a href={line.productPath}>{line.name}</a>
                {line.brand && <span className="muted"> · {line.brand}</span>}
                {line.prepurchase && <span className="badge badge--amber">{t.m.product.availability.prepurchase}</span>}
              </td>
              <td>{line.quantity}</td>
              <td>{formatPrice(t.locale, line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TotalsTable totals={order.totals} discounts={order.discounts} />
    </div>
  );
}

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
        <h1>{heading(order, o)}</h1>
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
        <NextSteps order={order} />
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
        <NextSteps order={order} />
        <OrderDetail order={order} events={events} />
        <InvoiceLink
          href={routePath("user-orders-invoice", { number: order.number })}
          issued={invoiceIssued(owned.more)}
        />
      </section>
    ),
  });
}
