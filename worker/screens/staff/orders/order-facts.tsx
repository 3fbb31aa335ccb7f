import { awaitsShopperConfirmation } from "../../../../shared/cash-on-delivery";
import { en } from "../../../../shared/i18n/en";
import { formatAed } from "../../../../shared/money";
import { orderStatusLabel } from "../../../../shared/order-status-words";
import type { Order } from "../../../platform/orders/order-record";
import type { LineStock } from "../../../platform/stock/stock-return-store";
import { StaffTable } from "../desk/staff-list";
import { ORDER_LANGUAGES, staffDate } from "../desk/staff-page";
import { Fact } from "../desk/staff-record";

/** What an order's page shows of it: who, where, how paid; its lines with what they did to stock, and the totals. */
export function Facts({ order }: { order: Order }) {
  const address = [order.address, order.city, order.region, order.postcode].filter(Boolean).join(", ");
  return (
    <dl className="order-facts">
      <Fact term="Status">
        <span className={`status status--${order.status}`}>{orderStatusLabel(en.orders, order)}</span>
        {/* One story with the cash confirmation below: the shop's step, then the shopper's (decision 0118). */}
        {awaitsShopperConfirmation(order) &&
          order.status === "processing" &&
          " by the shop · not yet confirmed with the shopper"}
      </Fact>
      <Fact term="Placed">{staffDate.format(new Date(order.createdAt))}</Fact>
      <Fact term="Customer">
        {order.firstName} {order.lastName} · <a href={`tel:${order.phone.replace(/\s/g, "")}`}>{order.phone}</a> ·{" "}
        <a href={`mailto:${order.email}`}>{order.email}</a>
      </Fact>
      <Fact term="Language">{ORDER_LANGUAGES[order.locale]}</Fact>
      <Fact term="Delivery">
        {order.delivery === "pickup" ? en.checkout.delivery.pickup : `${en.checkout.delivery.transport}: ${address}`}
      </Fact>
      <Fact term="Payment">
        {en.checkout.payment[order.payment]}
        {order.payment === "online" &&
          (order.status === "awaiting_payment" ? " · not paid yet" : order.status === "cancelled" ? "" : " · paid")}
      </Fact>
      {order.trackingNumber && (
        <Fact term="Shipped with">
          {order.carrier} · tracking number {order.trackingNumber}
        </Fact>
      )}
      {order.notes && <Fact term="Customer's note">{order.notes}</Fact>}
    </dl>
  );
}

/** What a line did to stock: what it holds, or what its cancel gave back. */
function stockWords(stock: LineStock | undefined): string | null {
  if (!stock) return null;
  if (stock.returned > 0) return `${stock.returned} back to stock`;
  if (stock.taken > 0) return `${stock.taken} taken from stock`;
  return null;
}

export function Lines({ order, stock }: { order: Order; stock: LineStock[] }) {
  return (
    <StaffTable
      label="Products in this order"
      caption={`Products in order ${order.number}`}
      className="staff-table--fit"
      columns={["Product", { label: "Quantity", num: true }, { label: "Total", num: true }]}
      foot={(
        [
          ["subtotal", "Subtotal", formatAed(order.totals.subtotal)],
          // Each discount by name and amount (order_discounts), as the shopper was shown it: the name in
          // the language of the order, isolated so an Arabic name keeps its order in this English table.
          ...order.discounts.map(
            (d, i) =>
              [
                `discount-${i}`,
                <>
                  <bdi>{d.name}</bdi>
                  {d.code ? (
                    <>
                      {" "}
                      (code <bdi dir="ltr">{d.code}</bdi>)
                    </>
                  ) : null}
                </>,
                `−${formatAed(d.amount)}`,
              ] as const,
          ),
          ["delivery", "Delivery", formatAed(order.totals.delivery)],
          ...(order.totals.codFee > 0
            ? [["cod-fee", "Cash on delivery fee", formatAed(order.totals.codFee)] as const]
            : []),
          ["vat", "VAT included", formatAed(order.totals.vat)],
          ["total", "Total", <strong key="total">{formatAed(order.totals.total)}</strong>],
        ] as const
      ).map(([key, label, amount]) => (
        <tr key={key}>
          <th scope="row" colSpan={2}>
            {label}
          </th>
          <td className="staff-table__num">{amount}</td>
        </tr>
      ))}
    >
      {order.lines.map((line, i) => (
        <tr key={`${line.productSlug}-${i}`}>
          <td>
            {line.name}
            {line.brand && <span className="staff-table__sub">{line.brand}</span>}
            {line.prepurchase && <span className="badge badge--amber">{en.product.availability.prepurchase}</span>}
          </td>
          <td className="staff-table__num">
            {line.quantity}
            <span className="staff-table__sub">× {formatAed(line.unitPrice)}</span>
            {stockWords(stock[i]) && <span className="staff-table__sub">{stockWords(stock[i])}</span>}
          </td>
          <td className="staff-table__num">
            {line.gift ? "Gift" : formatAed(line.lineTotal)}
            {line.discount > 0 && <span className="staff-table__sub">−{formatAed(line.discount)}</span>}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
