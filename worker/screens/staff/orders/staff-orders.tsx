import type { Context } from "hono";
import type { DeliveryMethod } from "../../../../shared/cart-rules";
import { EMIRATES, type PaymentMethod } from "../../../../shared/forms/checkout";
import { en } from "../../../../shared/i18n/en";
import { routePath } from "../../../../shared/links";
import { formatAed } from "../../../../shared/money";
import type { AppEnv } from "../../../platform/app-env";
import { exportOrders, listOrders, type OrderFilter } from "../../../platform/orders/order-desk-store";
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
} from "../../../platform/orders/order-record";
import {
  renderStaffList,
  StaffFilterForm,
  StaffFilterSelects,
  StaffRowHead,
  type StaffSelect,
  StaffTable,
} from "../desk/staff-list";
import { ORDER_LANGUAGES, staffDate } from "../desk/staff-page";
import { messageLink, WaitingCashOrders } from "./cash-confirm-form";

/** `/staff/orders`: every order, newest first, filtered and searched; `/staff/orders.csv`: the same as a spreadsheet. */
const PER_PAGE = 25;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The payment filter's choices: cash, card and each instalment provider (decision 0119). */
const DESK_PAYMENTS = ["cash", "online", "tabby", "tamara"] as const satisfies readonly PaymentMethod[];

/** The filter from the query; anything unknown is left out, never an error. */
export function readFilter(c: Context<AppEnv>): OrderFilter {
  const q = c.req.query();
  const filter: OrderFilter = {};
  if ((ORDER_STATUSES as readonly string[]).includes(q.status ?? "")) filter.status = q.status as OrderStatus;
  if ((DESK_PAYMENTS as readonly string[]).includes(q.payment ?? "")) filter.payment = q.payment as PaymentMethod;
  if (q.delivery === "transport" || q.delivery === "pickup") filter.delivery = q.delivery as DeliveryMethod;
  if ((EMIRATES as readonly string[]).includes(q.region ?? "")) filter.region = q.region;
  if (DAY.test(q.from ?? "")) filter.from = q.from;
  if (DAY.test(q.to ?? "")) filter.to = q.to;
  const search = (q.q ?? "").trim().slice(0, 100);
  if (search) filter.q = search;
  return filter;
}

function filterQuery(filter: OrderFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;
}

const STATUS_SELECT: StaffSelect<keyof OrderFilter> = {
  name: "status",
  label: "Status",
  options: ORDER_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]]),
};
const MORE_SELECTS: readonly StaffSelect<keyof OrderFilter>[] = [
  {
    name: "payment",
    label: "Payment",
    options: DESK_PAYMENTS.map((method) => [method, en.checkout.payment[method]]),
  },
  {
    name: "delivery",
    label: "Delivery",
    options: [
      ["transport", en.checkout.delivery.transport],
      ["pickup", en.checkout.delivery.pickup],
    ],
  },
  { name: "region", label: "Emirate", options: EMIRATES.map((e) => [e, e]) },
];

function FilterForm({ filter }: { filter: OrderFilter }) {
  return (
    <StaffFilterForm action={routePath("staff-orders")} submit="Show orders">
      <div className="field staff-filter__search">
        <label htmlFor="orders-q">Order number, name, e-mail or phone</label>
        <input id="orders-q" name="q" type="search" defaultValue={filter.q ?? ""} />
      </div>
      <StaffFilterSelects form="orders" values={filter} selects={[STATUS_SELECT]} />
      <details
        className="staff-filter__more"
        open={Boolean(filter.payment || filter.delivery || filter.region || filter.from || filter.to)}
      >
        <summary>More filters: payment, delivery, emirate, dates</summary>
        <div className="staff-filter__grid">
          <StaffFilterSelects form="orders" values={filter} selects={MORE_SELECTS} />
          <div className="field">
            <label htmlFor="orders-from">Placed from</label>
            <input id="orders-from" name="from" type="date" defaultValue={filter.from ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="orders-to">Placed until</label>
            <input id="orders-to" name="to" type="date" defaultValue={filter.to ?? ""} />
          </div>
        </div>
      </details>
    </StaffFilterForm>
  );
}

function OrderRow({ order }: { order: Order }) {
  const message = messageLink(order);
  return (
    <tr>
      <StaffRowHead href={routePath("staff-order", { number: order.number })} title={order.number} />
      <td data-label="Placed">{staffDate.format(new Date(order.createdAt))}</td>
      <td data-label="Customer">
        {order.firstName} {order.lastName}
        <span className="staff-table__sub">
          {order.phone} · {ORDER_LANGUAGES[order.locale]}
        </span>
        {message && (
          <a className="staff-table__sub" href={message} rel="noopener" target="_blank">
            {en.whatsapp.message}
          </a>
        )}
      </td>
      <td data-label="Status">
        <span className={`status status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
      </td>
      <td data-label="Payment">{en.checkout.payment[order.payment]}</td>
      <td data-label="Delivery">
        {order.delivery === "pickup" ? en.checkout.delivery.pickup : (order.region ?? en.checkout.delivery.transport)}
      </td>
      <td data-label="Total" className="staff-table__num">
        {formatAed(order.totals.total)}
      </td>
    </tr>
  );
}

export async function ordersPage(c: Context<AppEnv>): Promise<Response> {
  const filter = readFilter(c);
  const requested = Number.parseInt(c.req.query("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested > 0 ? Math.min(requested, 10_000) : 1;
  // The first page of every order starts with the cash orders to confirm with the shopper (decision 0118).
  const withWaiting = page === 1 && Object.keys(filter).length === 0;
  const { orders, total, waiting } = await listOrders(c.env.DB, filter, { page, perPage: PER_PAGE, withWaiting });
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const query = filterQuery(filter);
  const href = (n: number) =>
    `${routePath("staff-orders")}?${new URLSearchParams({ ...query, ...(n > 1 ? { page: String(n) } : {}) })}`;
  const csv = `${routePath("staff-orders-csv")}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`;
  return renderStaffList(c, {
    title: "Orders · Staff",
    section: "orders",
    body: (
      <>
        <div className="staff-head">
          <h1>Orders</h1>
          <a className="button button--outlined" href={csv}>
            Download CSV
          </a>
        </div>
        <WaitingCashOrders orders={waiting} />
        <FilterForm filter={filter} />
        <p className="muted" role="status">
          {total === 0 ? "No orders match." : `${total} order${total === 1 ? "" : "s"}, newest first.`}
        </p>
        {orders.length > 0 && (
          <StaffTable
            label="Orders found"
            caption="Orders"
            className="staff-table--stack"
            columns={["Order", "Placed", "Customer", "Status", "Payment", "Delivery", { label: "Total", num: true }]}
          >
            {orders.map((order) => (
              <OrderRow key={order.number} order={order} />
            ))}
          </StaffTable>
        )}
        {pages > 1 && (
          <nav className="staff-pages" aria-label="Pages of orders">
            {page > 1 ? (
              <a href={href(page - 1)} rel="prev">
                ‹ Newer
              </a>
            ) : (
              <span />
            )}
            <span>
              Page {Math.min(page, pages)} of {pages}
            </span>
            {page < pages ? (
              <a href={href(page + 1)} rel="next">
                Older ›
              </a>
            ) : (
              <span />
            )}
          </nav>
        )}
      </>
    ),
  });
}

/**
 * A CSV cell: quoted, quotes doubled, and a cell a spreadsheet would run as a formula
 * (=, +, -, @, tab, carriage return first) starts with a quote mark instead (OWASP's advice).
 */
export function csvCell(value: string | number | null | undefined): string {
  let cell = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return `"${cell.replace(/"/g, '""')}"`;
}

export async function ordersCsv(c: Context<AppEnv>): Promise<Response> {
  const orders = await exportOrders(c.env.DB, readFilter(c));
  const header = [
    "number",
    "placed",
    "status",
    "first name",
    "last name",
    "email",
    "phone",
    "payment",
    "delivery",
    "emirate",
    "city",
    "address",
    "items",
    "discounts",
    "total AED",
  ];
  const rows = orders.map((order) =>
    [
      order.number,
      order.createdAt,
      ORDER_STATUS_LABELS[order.status],
      order.firstName,
      order.lastName,
      order.email,
      order.phone,
      en.checkout.payment[order.payment],
      order.delivery === "pickup" ? en.checkout.delivery.pickup : en.checkout.delivery.transport,
      order.region,
      order.city,
      order.address,
      // The SKU beside the item name: what the warehouse picks by.
      order.lines.map((line) => `${line.quantity} × ${line.name}${line.sku ? ` [${line.sku}]` : ""}`).join("; "),
      order.discounts.map((d) => `${d.name}${d.code ? ` [${d.code}]` : ""} −${(d.amount / 100).toFixed(2)}`).join("; "),
      (order.totals.total / 100).toFixed(2),
    ]
      .map(csvCell)
      .join(","),
  );
  const body = `\uFEFF${[header.map(csvCell).join(","), ...rows].join("\r\n")}\r\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
