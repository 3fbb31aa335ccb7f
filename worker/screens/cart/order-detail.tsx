import { formatPrice } from "../../../shared/money";
import { orderStatusLabel } from "../../../shared/order-status-words";
import { Rich, useTexts } from "../../frame/i18n/texts";
import type { OrderEvent } from "../../platform/orders/order-history-store";
import type { Order, OrderStatus } from "../../platform/orders/order-record";
import { AddressLine } from "./address-line";
import { TotalsTable } from "./cart-totals";

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
            {order.delivery === "pickup" ? (
              delivery.pickup
            ) : (
              <Rich
                text={o.deliveryTo}
                parts={{ method: delivery.transport, address: <AddressLine order={order} /> }}
              />
            )}
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
