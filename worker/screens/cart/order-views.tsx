import type { Context } from "hono";
import { formatAed } from "../../../shared/money";
import { text } from "../../../shared/text";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { FlashMessage, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { readVisitorId } from "../../platform/security/visitor-id";
import { listOrderEvents, type OrderEvent } from "../../platform/stores/order-history-store";
import {
  findOrderByNumber,
  listOrdersOfUser,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderStatus,
} from "../../platform/stores/order-store";
import { TotalsTable } from "./cart-page";

/** An order is shown only to the account that placed it, or the browser that placed it as a guest. */
async function ownedOrder(c: Context<AppEnv>, number: string): Promise<Order | null> {
  if (!/^NB-\d{4}-[A-Z0-9]{6}$/.test(number)) return null;
  const order = await findOrderByNumber(c.env.DB, number);
  if (!order) return null;
  const user = c.get("user");
  if (user && order.userId === user.id) return order;
  if (order.userId === null) {
    const visitor = await readVisitorId(c);
    if (visitor && order.visitorId === visitor) return order;
  }
  return null;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Dubai",
});

/** The order's status moves for its shopper (staff notes stay on the desk). */
function History({ order, events }: { order: Order; events: OrderEvent[] }) {
  if (events.length === 0) return null;
  return (
    <>
      <h2>History</h2>
      <ol className="order-history">
        <li>
          <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>: Placed
        </li>
        {events.map((event) => (
          <li key={event.id}>
            <time dateTime={event.createdAt}>{dateFormat.format(new Date(event.createdAt))}</time>:{" "}
            {ORDER_STATUS_LABELS[event.toStatus as OrderStatus] ?? event.toStatus}
          </li>
        ))}
      </ol>
    </>
  );
}

export function OrderDetail({ order, events = [] }: { order: Order; events?: OrderEvent[] }) {
  return (
    <div className="order-detail">
      <dl className="order-facts">
        <div>
          <dt>Order number</dt>
          <dd>{order.number}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{dateFormat.format(new Date(order.createdAt))}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Delivery</dt>
          <dd>
            {order.delivery === "pickup"
              ? text.delivery.pickup
              : `${text.delivery.transport}: ${[order.address, order.city, order.region, order.postcode].filter(Boolean).join(", ")}`}
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{text.payment[order.payment]}</dd>
        </div>
        {order.trackingNumber && (
          <div>
            <dt>Tracking</dt>
            <dd>
              {order.carrier}: {order.trackingNumber}
            </dd>
          </div>
        )}
      </dl>
      <History order={order} events={events} />
      <table className="order-lines">
        <caption className="visually-hidden">Products in order {order.number}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.productSlug}>
              <td>
                <a href={line.productPath}>{line.name}</a>
                {line.brand && <span className="muted"> · {line.brand}</span>}
                {line.prepurchase && <span className="badge badge--amber">{text.availability.prepurchase}</span>}
              </td>
              <td>{line.quantity}</td>
              <td>{formatAed(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TotalsTable view={{ totals: order.totals }} />
    </div>
  );
}

export async function confirmationPage(c: Context<AppEnv>): Promise<Response> {
  const order = await ownedOrder(c, c.req.param("number") ?? "");
  if (!order) return renderNotFound(c);
  const flash = takeFlash(c);
  const cancelled = c.req.query("cancelled") === "1" && order.status === "awaiting_payment";
  return renderPage(c, {
    title: `Order ${order.number}`,
    description: "Your order at Noor Beauty.",
    body: (
      <section className="container page-section narrow">
        <FlashMessage flash={flash} />
        <p className="eyebrow">Thank you, {order.firstName}</p>
        <h1>Your order is placed</h1>
        {cancelled ? (
          <div className="notice notice--info" role="status">
            The card payment was cancelled. Your order is saved; we will call you to arrange payment, or you can pay
            cash on delivery.
          </div>
        ) : (
          <p className="lead">
            We've sent a confirmation to <strong>{order.email}</strong>. Keep your order number to hand:{" "}
            <strong>{order.number}</strong>.
          </p>
        )}
        <h2>What happens next</h2>
        <ol className="next-steps">
          <li>Our team checks your order and calls you on {order.phone} to confirm it.</li>
          <li>{text.shippingNote}</li>
          <li>
            {order.delivery === "pickup"
              ? "We let you know when it's ready to collect."
              : "The courier calls you before delivering."}
          </li>
        </ol>
        <OrderDetail order={order} events={await listOrderEvents(c.env.DB, order.id, ["status"])} />
        <p>
          <a className="button" href="/catalog">
            Continue shopping
          </a>
        </p>
      </section>
    ),
  });
}

export async function ordersPage(c: Context<AppEnv>): Promise<Response> {
  const user = c.get("user");
  if (!user) return c.redirect("/user/login?redirect=%2Fuser%2Forders", 302);
  const orders = await listOrdersOfUser(c.env.DB, user.id);
  return renderPage(c, {
    title: "My orders",
    description: "Your orders at Noor Beauty.",
    body: (
      <section className="container page-section">
        <h1>My orders</h1>
        {orders.length === 0 ? (
          <div className="empty-state">
            <p>You haven't placed an order yet.</p>
            <a className="button" href="/catalog">
              Browse the catalog
            </a>
          </div>
        ) : (
          <ul className="order-list">
            {orders.map((order) => (
              <li key={order.number} className="order-card">
                <div className="order-card__head">
                  <h2>
                    <a href={`/user/orders/${order.number}`}>Order {order.number}</a>
                  </h2>
                  <span className={`status status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
                </div>
                <p className="muted">
                  {dateFormat.format(new Date(order.createdAt))} · {order.lines.reduce((n, l) => n + l.quantity, 0)}{" "}
                  items · {formatAed(order.totals.total)} · {text.payment[order.payment]} ·{" "}
                  {order.delivery === "pickup" ? text.delivery.pickup : text.delivery.transport}
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
  if (!user) return c.redirect(`/user/login?redirect=${encodeURIComponent(c.req.path)}`, 302);
  const order = await ownedOrder(c, c.req.param("number") ?? "");
  if (!order) return renderNotFound(c);
  return renderPage(c, {
    title: `Order ${order.number}`,
    body: (
      <section className="container page-section">
        <p>
          <a href="/user/orders">← All orders</a>
        </p>
        <h1>Order {order.number}</h1>
        <OrderDetail order={order} events={await listOrderEvents(c.env.DB, order.id, ["status"])} />
      </section>
    ),
  });
}
