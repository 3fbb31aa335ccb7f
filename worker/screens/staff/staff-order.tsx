import type { Context } from "hono";
import { en } from "../../../shared/i18n/en";
import { formatAed } from "../../../shared/money";
import { routePath } from "../../../shared/routes";
import { siteOrigin } from "../../frame/head/site-origin";
import { setFlash, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { type Actor, listAudit } from "../../platform/audit/staff-audit-store";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import { changeOrder } from "../../platform/orders/order-desk-store";
import { listOrderEvents } from "../../platform/orders/order-history-store";
import { ORDER_STATUS_LABELS, type Order, type OrderStatus } from "../../platform/orders/order-record";
import { findOrderByNumber } from "../../platform/orders/order-store";
import { withStockMoves } from "../../platform/stock/stock-moves";
import { heldSkus, type LineStock, lineStock } from "../../platform/stock/stock-return-store";
import { statusMail } from "./order-mail";
import { allowedActions, isOrderAction, type OrderAction, refusal, TRANSITIONS } from "./order-workflow";
import { AuditLog, type AuditWords } from "./staff-audit";
import {
  ORDER_LANGUAGES,
  renderStaffMessage,
  renderStaffPage,
  StaffRecordTop,
  StaffTableFrame,
  staffDate,
} from "./staff-page";

/**
 * `/staff/orders/{number}`: the order as staff need it (lines, totals with VAT, customer,
 * address, payment, its history and audit) and a form for each action its status allows.
 * Each form posts the version it showed; a save from an older copy is refused.
 */
const ORDER_AUDIT_WORDS: AuditWords = {
  actions: {
    confirm: "confirmed the order",
    ship: "marked it shipped",
    deliver: "marked it delivered",
    cancel: "cancelled the order",
    note: "added a note",
  },
  fields: { status: "Status", carrier: "Carrier", trackingNumber: "Tracking number", note: "Note" },
  value: (field, value) =>
    field === "status" ? (ORDER_STATUS_LABELS[value as OrderStatus] ?? String(value)) : String(value),
};

const NUMBER = /^NB-\d{4}-[A-Z0-9]{6}$/;
const FIELD_MAX = 200;

type Errors = Partial<Record<"carrier" | "trackingNumber" | "reason" | "note", string>>;
interface FormState {
  errors?: Errors;
  values?: Record<string, string>;
  alert?: string;
}

async function findOrder(c: Context<AppEnv>): Promise<Order | null> {
  const number = c.req.param("number") ?? "";
  return NUMBER.test(number) ? findOrderByNumber(c.env.DB, number) : null;
}

function Field({
  form,
  name,
  label,
  error,
  value,
  multiline = false,
}: {
  form: string;
  name: string;
  label: string;
  error?: string;
  value?: string;
  multiline?: boolean;
}) {
  const id = `${form}-${name}`;
  const described = error ? `${id}-error` : undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          rows={3}
          maxLength={1000}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          defaultValue={value ?? ""}
        />
      ) : (
        <input
          id={id}
          name={name}
          type="text"
          maxLength={FIELD_MAX}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          defaultValue={value ?? ""}
        />
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

function ActionForm({ order, action, state }: { order: Order; action: OrderAction; state: FormState }) {
  const values = state.values ?? {};
  const errors = state.errors ?? {};
  return (
    <form
      method="post"
      action={routePath("staff-order", { number: order.number })}
      className={`staff-action staff-action--${action}`}
      noValidate
    >
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="version" value={String(order.version)} />
      {action === "ship" && (
        <>
          <Field form="ship" name="carrier" label="Carrier" error={errors.carrier} value={values.carrier} />
          <Field
            form="ship"
            name="trackingNumber"
            label="Tracking number"
            error={errors.trackingNumber}
            value={values.trackingNumber}
          />
        </>
      )}
      {action === "cancel" && (
        <Field
          form="cancel"
          name="reason"
          label="Reason for cancelling"
          error={errors.reason}
          value={values.reason}
          multiline
        />
      )}
      <button type="submit" className={action === "cancel" ? "button button--outlined" : "button"}>
        {TRANSITIONS[action].label}
      </button>
    </form>
  );
}

function Facts({ order }: { order: Order }) {
  const address = [order.address, order.city, order.region, order.postcode].filter(Boolean).join(", ");
  return (
    <dl className="order-facts">
      <div>
        <dt>Status</dt>
        <dd>
          <span className={`status status--${order.status}`}>{ORDER_STATUS_LABELS[order.status]}</span>
        </dd>
      </div>
      <div>
        <dt>Placed</dt>
        <dd>{staffDate.format(new Date(order.createdAt))}</dd>
      </div>
      <div>
        <dt>Customer</dt>
        <dd>
          {order.firstName} {order.lastName} · <a href={`tel:${order.phone.replace(/\s/g, "")}`}>{order.phone}</a> ·{" "}
          <a href={`mailto:${order.email}`}>{order.email}</a>
        </dd>
      </div>
      <div>
        <dt>Language</dt>
        <dd>{ORDER_LANGUAGES[order.locale]}</dd>
      </div>
      <div>
        <dt>Delivery</dt>
        <dd>
          {order.delivery === "pickup" ? en.checkout.delivery.pickup : `${en.checkout.delivery.transport}: ${address}`}
        </dd>
      </div>
      <div>
        <dt>Payment</dt>
        <dd>
          {en.checkout.payment[order.payment]}
          {order.payment === "online" &&
            (order.status === "awaiting_payment" ? " · not paid yet" : order.status === "cancelled" ? "" : " · paid")}
        </dd>
      </div>
      {order.trackingNumber && (
        <div>
          <dt>Shipped with</dt>
          <dd>
            {order.carrier} · tracking number {order.trackingNumber}
          </dd>
        </div>
      )}
      {order.notes && (
        <div>
          <dt>Customer's note</dt>
          <dd>{order.notes}</dd>
        </div>
      )}
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

function Lines({ order, stock }: { order: Order; stock: LineStock[] }) {
  return (
    <StaffTableFrame label="Products in this order">
      <table className="staff-table staff-table--fit">
        <caption className="visually-hidden">Products in order {order.number}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="staff-table__num">
              Quantity
            </th>
            <th scope="col" className="staff-table__num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
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
              <td className="staff-table__num">{formatAed(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Subtotal
            </th>
            <td className="staff-table__num">{formatAed(order.totals.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Delivery
            </th>
            <td className="staff-table__num">{formatAed(order.totals.delivery)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              VAT included
            </th>
            <td className="staff-table__num">{formatAed(order.totals.vat)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="staff-table__num">
              <strong>{formatAed(order.totals.total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </StaffTableFrame>
  );
}

async function renderOrder(c: Context<AppEnv>, order: Order, state: FormState = {}, status: 200 | 409 | 422 = 200) {
  const [events, audit, stock] = await Promise.all([
    listOrderEvents(c.env.DB, order.id),
    listAudit(c.env.DB, "order", order.number),
    lineStock(c.env.DB, order.id),
  ]);
  const flash = takeFlash(c);
  const actions = allowedActions(order);
  return renderStaffPage(
    c,
    {
      title: `Order ${order.number} · Staff`,
      body: (
        <section className="container page-section staff">
          <StaffRecordTop
            section="orders"
            back={{ href: routePath("staff-orders"), label: "All orders" }}
            flash={flash}
            alert={state.alert}
          />
          <h1>Order {order.number}</h1>
          <Facts order={order} />
          <div className="staff-actions">
            {actions.length === 0 ? (
              <p className="muted">Nothing more to do with this order.</p>
            ) : (
              actions.map((action) => <ActionForm key={action} order={order} action={action} state={state} />)
            )}
          </div>
          <h2>Products</h2>
          <Lines order={order} stock={stock} />
          <h2>History</h2>
          <ol className="staff-history">
            <li>
              <time dateTime={order.createdAt}>{staffDate.format(new Date(order.createdAt))}</time> Placed by the
              customer
            </li>
            {events.map((event) => (
              <li key={event.id}>
                <time dateTime={event.createdAt}>{staffDate.format(new Date(event.createdAt))}</time>{" "}
                {event.kind === "status"
                  ? `${ORDER_STATUS_LABELS[event.toStatus as OrderStatus] ?? event.toStatus}`
                  : "Note"}
                {event.actorName && <> · {event.actorName}</>}
                {event.note && <p className="staff-history__note">{event.note}</p>}
              </li>
            ))}
          </ol>
          <form
            method="post"
            action={routePath("staff-order", { number: order.number })}
            className="staff-note"
            noValidate
          >
            <input type="hidden" name="action" value="note" />
            <input type="hidden" name="version" value={String(order.version)} />
            <Field
              form="note"
              name="note"
              label="Internal note (staff only)"
              error={state.errors?.note}
              value={state.values?.note}
              multiline
            />
            <button type="submit" className="button button--outlined">
              Add note
            </button>
          </form>
          <h2>Audit</h2>
          <AuditLog entries={audit} words={ORDER_AUDIT_WORDS} />
        </section>
      ),
    },
    status,
  );
}

export async function orderPage(c: Context<AppEnv>): Promise<Response> {
  const order = await findOrder(c);
  if (!order) return renderStaffMessage(c, "Order not found", "There is no order with that number.", 404);
  return renderOrder(c, order);
}

function required(values: Record<string, string>, name: keyof Errors, message: string, errors: Errors): string {
  const value = (values[name] ?? "").trim();
  if (!value) errors[name] = message;
  else if (value.length > (name === "reason" || name === "note" ? 1000 : FIELD_MAX)) errors[name] = "This is too long.";
  return value;
}

/** Who last changed the order, for the refusal of a stale save. */
async function lastChangedBy(c: Context<AppEnv>, order: Order): Promise<string> {
  const [latest] = await listAudit(c.env.DB, "order", order.number);
  return latest?.staffName ?? "someone else";
}

export async function postOrder(c: Context<AppEnv>): Promise<Response> {
  const order = await findOrder(c);
  if (!order) return renderStaffMessage(c, "Order not found", "There is no order with that number.", 404);
  const values = textFields(await readFormBody(c));
  const action = values.action ?? "";
  const seenVersion = Number.parseInt(values.version ?? "", 10);
  const staff = c.get("staff");
  if (!staff) throw new Error("The staff desk's actions run behind staffOnly");
  const actor: Actor = { id: staff.id, name: staff.name };
  if ((!isOrderAction(action) && action !== "note") || !Number.isInteger(seenVersion)) {
    return renderOrder(c, order, { alert: "That form was not complete. Please use the buttons on this page." }, 422);
  }
  if (seenVersion !== order.version) {
    return renderOrder(
      c,
      order,
      {
        alert: `This order was changed by ${await lastChangedBy(c, order)} meanwhile. Here it is as it is now: check it, then try again.`,
        values,
      },
      409,
    );
  }
  const errors: Errors = {};
  if (action === "note") {
    const note = required(values, "note", "Write the note first.", errors);
    if (errors.note) return renderOrder(c, order, { errors, values }, 422);
    const saved = await changeOrder(c.env.DB, { order, seenVersion, actor, action: "note", note });
    if (!saved)
      return renderOrder(
        c,
        order,
        {
          alert: `This order was changed by ${await lastChangedBy(c, order)} meanwhile. Your note is below: add it again.`,
          values,
        },
        409,
      );
    setFlash(c, { kind: "success", text: "Note added." });
    return c.redirect(routePath("staff-order", { number: order.number }), 303);
  }
  const refused = refusal(order, action);
  if (refused) return renderOrder(c, order, { alert: refused }, 422);
  const carrier =
    action === "ship" ? required(values, "carrier", "Enter the carrier, e.g. Aramex.", errors) : undefined;
  const trackingNumber =
    action === "ship" ? required(values, "trackingNumber", "Enter the tracking number.", errors) : undefined;
  const reason =
    action === "cancel"
      ? required(values, "reason", "Say why the order is cancelled: the customer is told.", errors)
      : undefined;
  if (Object.keys(errors).length > 0) return renderOrder(c, order, { errors, values }, 422);
  const to = TRANSITIONS[action].to;
  const save = () =>
    changeOrder(c.env.DB, {
      order,
      seenVersion,
      actor,
      action,
      to,
      carrier,
      trackingNumber,
      note: reason,
      mail: statusMail(order, to, { carrier, trackingNumber }, reason),
    });
  // A cancel gives the order's stock back: kept pages and back-in-stock alerts follow.
  const saved =
    to === "cancelled"
      ? await withStockMoves(c.env, siteOrigin(c), await heldSkus(c.env.DB, order.id), save)
      : await save();
  if (!saved) {
    const now = (await findOrderByNumber(c.env.DB, order.number)) ?? order;
    return renderOrder(
      c,
      now,
      {
        alert: `This order was changed by ${await lastChangedBy(c, now)} meanwhile. Here it is as it is now: check it, then try again.`,
        values,
      },
      409,
    );
  }
  const returned =
    to === "cancelled" ? (await lineStock(c.env.DB, order.id)).reduce((sum, line) => sum + line.returned, 0) : 0;
  setFlash(c, {
    kind: "success",
    text: `Order ${order.number}: ${ORDER_STATUS_LABELS[to]}. The customer is told by e-mail.${
      returned > 0 ? ` ${returned} unit${returned === 1 ? "" : "s"} went back to stock.` : ""
    }`,
  });
  return c.redirect(routePath("staff-order", { number: order.number }), 303);
}
