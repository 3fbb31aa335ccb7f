import type { Context } from "hono";
import type { AppEnv } from "../../../platform/app-env";
import { listOrderEvents } from "../../../platform/stores/order-history-store";
import {
  findOrderByNumber,
  ORDER_STATUS_LABELS,
  type Order,
  type OrderStatus,
} from "../../../platform/stores/order-store";
import { listAudit } from "../../../platform/stores/staff-audit-store";
import { lineStock } from "../../../platform/stores/stock-return-store";
import type { AuditWords } from "../desk/staff-audit";
import { renderStaffMessage, staffDate } from "../desk/staff-page";
import { renderStaffRecord } from "../desk/staff-record";
import { Facts, Lines } from "./order-facts";
import { allowedActions, type OrderAction, TRANSITIONS } from "./order-workflow";

/**
 * `/staff/orders/{number}`: the order as staff need it (lines, totals with VAT, customer,
 * address, payment, its history and audit) and a form for each action its status allows.
 * Each form posts the version it showed; its post (order-action.ts) refuses a save from an older copy.
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
export const FIELD_MAX = 200;

export type Errors = Partial<Record<"carrier" | "trackingNumber" | "reason" | "note", string>>;
export interface FormState {
  errors?: Errors;
  values?: Record<string, string>;
  alert?: string;
}

export async function findOrder(c: Context<AppEnv>): Promise<Order | null> {
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
      action={`/staff/orders/${order.number}`}
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

export async function renderOrder(
  c: Context<AppEnv>,
  order: Order,
  state: FormState = {},
  status: 200 | 409 | 422 = 200,
) {
  const [events, audit, stock] = await Promise.all([
    listOrderEvents(c.env.DB, order.id),
    listAudit(c.env.DB, "order", order.number),
    lineStock(c.env.DB, order.id),
  ]);
  const actions = allowedActions(order);
  return renderStaffRecord(
    c,
    {
      title: `Order ${order.number} · Staff`,
      section: "orders",
      back: { href: "/staff/orders", label: "All orders" },
      alert: state.alert,
      audit,
      words: ORDER_AUDIT_WORDS,
      body: (
        <>
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
          <form method="post" action={`/staff/orders/${order.number}`} className="staff-note" noValidate>
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
        </>
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
