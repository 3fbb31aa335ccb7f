import type { Context } from "hono";
import { en } from "../../../../shared/i18n/en";
import { routePath } from "../../../../shared/links";
import { orderStatusLabel } from "../../../../shared/order-status-words";
import type { AppEnv } from "../../../platform/app-env";
import { listAudit } from "../../../platform/audit/staff-audit-store";
import { listDocuments } from "../../../platform/invoices/invoice-store";
import { CARRIERS } from "../../../platform/orders/carriers";
import { listOrderEvents } from "../../../platform/orders/order-history-store";
import { ORDER_STATUSES, type Order, type OrderStatus } from "../../../platform/orders/order-record";
import { findOrderByNumber } from "../../../platform/orders/order-store";
import { listPaymentTasks } from "../../../platform/payments/payment-task-store";
import { lineStock } from "../../../platform/stock/stock-return-store";
import type { DeskState } from "../desk/desk-action";
import { DeskField } from "../desk/desk-field";
import { ORDER_LANGUAGES, renderStaffMessage, staffDate } from "../desk/staff-page";
import { DeskForm, DeskNoteForm, type RecordFrame, renderStaffRecord } from "../desk/staff-record";
import { CashConfirmation, ShipHeld } from "./cash-confirm-form";
import { InvoicePart } from "./invoice-part";
import { Facts, Lines } from "./order-facts";
import {
  allowedActions,
  awaitsConfirmationToShip,
  CANCEL_QUESTION,
  type OrderAction,
  REFUSE_QUESTION,
  TRANSITIONS,
} from "./order-workflow";
import { PaymentTasks } from "./payment-tasks-part";

/**
 * `/staff/orders/{number}`: the order as staff need it (lines, totals with VAT, customer,
 * address, payment, its history and audit) and a form for each action its status allows.
 * Each form posts the version it showed; its post (order-action.ts) refuses a save from an older copy.
 */
const orderRecord = (order: Order): RecordFrame => ({
  section: "orders",
  back: { href: routePath("staff-orders"), label: "All orders" },
  words: {
    actions: {
      confirm: "confirmed the order",
      ship: "marked it shipped",
      ready: "marked it ready for collection",
      deliver: "marked it delivered",
      collect: "marked it collected",
      cancel: "cancelled the order",
      refuse: "marked it refused at the door",
      "shopper-confirmed": "confirmed it with the shopper",
      "payment-retried": "tried the provider again",
      note: "added a note",
    },
    fields: {
      status: "Status",
      carrier: "Carrier",
      trackingNumber: "Tracking number",
      note: "Note",
      payment: "Payment with the provider",
    },
    value: (field, value) => (field === "status" ? statusLabel(order, String(value)) : String(value)),
  },
});

/** A status as the desk names it for this order: a Local Pickup order's in collection words (decision 0128). */
function statusLabel(order: Order, status: string): string {
  return (ORDER_STATUSES as readonly string[]).includes(status)
    ? orderStatusLabel(en.orders, { status: status as OrderStatus, delivery: order.delivery })
    : status;
}

const NUMBER = /^NB-\d{4}-[A-Z0-9]{6}$/;
export const FIELD_MAX = 200;

export type Errors = Partial<Record<"carrier" | "trackingNumber" | "collectAt" | "reason" | "note", string>>;
export interface FormState extends DeskState {
  errors?: Errors;
  values?: Record<string, string>;
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
  options,
}: {
  form: string;
  name: string;
  label: string;
  error?: string;
  value?: string;
  multiline?: boolean;
  /** A choice from a list (the carriers) in place of free text. */
  options?: readonly { value: string; label: string }[];
}) {
  return (
    <DeskField
      id={`${form}-${name}`}
      label={
        <>
          {label}
          <span aria-hidden="true"> *</span>
        </>
      }
      error={error}
    >
      {(aria) =>
        options ? (
          <select {...aria} name={name} required defaultValue={value ?? ""}>
            <option value="">Choose…</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : multiline ? (
          <textarea {...aria} name={name} rows={3} maxLength={1000} required defaultValue={value ?? ""} />
        ) : (
          <input {...aria} name={name} type="text" maxLength={FIELD_MAX} required defaultValue={value ?? ""} />
        )
      }
    </DeskField>
  );
}

/** The fields an action asks for, beside its button. */
type ActionField = {
  name: keyof Errors;
  label: string;
  multiline?: true;
  options?: readonly { value: string; label: string }[];
};
const ACTION_FIELDS: Partial<Record<OrderAction, readonly ActionField[]>> = {
  ship: [
    { name: "carrier", label: "Carrier", options: CARRIERS.map((c) => ({ value: c.id, label: c.label ?? c.name })) },
    { name: "trackingNumber", label: "Tracking number" },
  ],
  ready: [
    { name: "collectAt", label: "Where and when to collect it (e-mailed to the shopper as written)", multiline: true },
  ],
  cancel: [{ name: "reason", label: "Reason for cancelling", multiline: true }],
};

function ActionForm({ order, action, state }: { order: Order; action: OrderAction; state: FormState }) {
  // Refused unticked: the box says why, and what was typed (the reason) stays.
  const unticked = state.unticked?.action === action ? state.unticked : undefined;
  const values = unticked ? unticked.form : state.values;
  return (
    <DeskForm
      to={routePath("staff-order", { number: order.number })}
      className={`staff-action staff-action--${action}`}
      intent={action}
      version={order.version}
      submit={TRANSITIONS[action].label}
      outlined={action === "cancel" || action === "refuse"}
      confirm={action === "cancel" ? CANCEL_QUESTION : action === "refuse" ? REFUSE_QUESTION : undefined}
      confirmError={unticked?.error}
    >
      {ACTION_FIELDS[action]?.map((field) => (
        <Field
          key={field.name}
          form={action}
          name={field.name}
          label={field.name === "collectAt" ? `${field.label}, in ${ORDER_LANGUAGES[order.locale]}` : field.label}
          error={state.errors?.[field.name]}
          value={values?.[field.name]}
          multiline={field.multiline}
          options={field.options}
        />
      ))}
    </DeskForm>
  );
}

export async function renderOrder(
  c: Context<AppEnv>,
  order: Order,
  state: FormState = {},
  status: 200 | 409 | 422 = 200,
) {
  const [events, audit, stock, documents, tasks] = await Promise.all([
    listOrderEvents(c.env.DB, order.id),
    listAudit(c.env.DB, "order", order.number),
    lineStock(c.env.DB, order.id),
    listDocuments(c.env.DB, order.id),
    listPaymentTasks(c.env.DB, order.id),
  ]);
  const actions = allowedActions(order);
  // A refusal for want of the tick stands beside the box when the form is on the page.
  const besideTheBox = actions.some((action) => action === state.unticked?.action);
  // A cash order ready to ship but not confirmed with the shopper: the confirm step above comes first (decision 0132).
  const shipHeld = TRANSITIONS.ship.from.includes(order.status) && awaitsConfirmationToShip(order);
  const heldRefused = shipHeld && state.alert === en.whatsapp.shipFirstConfirm;
  return renderStaffRecord(
    c,
    orderRecord(order),
    {
      title: `Order ${order.number} · Staff`,
      alert: besideTheBox || heldRefused ? undefined : state.alert,
      audit,
      status,
    },
    <>
      <h1>Order {order.number}</h1>
      <Facts order={order} />
      <CashConfirmation order={order} />
      <PaymentTasks order={order} tasks={tasks} />
      <div className="staff-actions">
        {shipHeld && <ShipHeld refused={heldRefused} />}
        {actions.length === 0 ? (
          <p className="muted">Nothing more to do with this order.</p>
        ) : (
          actions.map((action) => <ActionForm key={action} order={order} action={action} state={state} />)
        )}
      </div>
      <h2>Products</h2>
      <Lines order={order} stock={stock} />
      <InvoicePart order={order} documents={documents} />
      <h2>History</h2>
      <ol className="staff-history">
        <li>
          <time dateTime={order.createdAt}>{staffDate.format(new Date(order.createdAt))}</time> Placed by the customer
        </li>
        {events.map((event) => (
          <li key={event.id}>
            <time dateTime={event.createdAt}>{staffDate.format(new Date(event.createdAt))}</time>{" "}
            {event.kind === "status" ? statusLabel(order, event.toStatus ?? "") : "Note"}
            {event.actorName && <> · {event.actorName}</>}
            {event.note && <p className="staff-history__note">{event.note}</p>}
          </li>
        ))}
      </ol>
      <DeskNoteForm to={routePath("staff-order", { number: order.number })} version={order.version} submit="Add note">
        <Field
          form="note"
          name="note"
          label="Internal note (staff only)"
          error={state.errors?.note}
          value={state.values?.note}
          multiline
        />
      </DeskNoteForm>
    </>,
  );
}

export async function orderPage(c: Context<AppEnv>): Promise<Response> {
  const order = await findOrder(c);
  if (!order) return renderStaffMessage(c, "Order not found", "There is no order with that number.", 404);
  return renderOrder(c, order);
}
