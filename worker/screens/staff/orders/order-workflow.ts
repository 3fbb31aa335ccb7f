import { en } from "../../../../shared/i18n/en";
import type { Order, OrderStatus } from "../../../platform/orders/order-record";
import { isActionOf, type Transition } from "../desk/workflow";

/**
 * The one state machine of an order on the staff desk (decision 0074):
 * new → confirmed → shipped → delivered; cancel from new or confirmed (and from a card
 * order still awaiting payment, or paid and not yet confirmed). A card order that is not
 * paid cannot be confirmed. Stored names: confirmed is `processing`, delivered `completed`
 * (migrations/0080); a card order the provider paid is `paid` until staff confirm it. A shipped cash
 * parcel the shopper would not take is `refused` (decision 0118): its stock comes back, as a cancel's does.
 * A Local Pickup order is never shipped: it is "ready for collection" (stored `shipped`), then "collected"
 * (stored `completed`, its cash supply like a delivery), or cancelled while it waits uncollected
 * (docs/decisions/0128-local-pickup-path-and-guest-orders-on-a-proven-e-mail.md).
 * A cash order is shipped only once it is confirmed with the shopper
 * (docs/decisions/0132-cash-ships-only-once-confirmed.md): until then the desk offers that step instead.
 */
export const ORDER_ACTIONS = ["confirm", "ship", "ready", "deliver", "collect", "refuse", "cancel"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const TRANSITIONS: Record<OrderAction, Transition<OrderStatus>> = {
  confirm: { from: ["new", "paid"], to: "processing", label: "Confirm order" },
  ship: { from: ["processing"], to: "shipped", label: "Mark as shipped" },
  ready: { from: ["processing"], to: "shipped", label: "Ready for collection" },
  deliver: { from: ["shipped"], to: "completed", label: "Mark as delivered" },
  collect: { from: ["shipped"], to: "completed", label: "Collected" },
  refuse: { from: ["shipped"], to: "refused", label: "Refused at the door" },
  cancel: { from: ["new", "awaiting_payment", "paid", "processing"], to: "cancelled", label: "Cancel order" },
};

export function isOrderAction(value: string): value is OrderAction {
  return isActionOf(ORDER_ACTIONS, value);
}

type WorkflowOrder = Pick<Order, "status" | "payment" | "delivery" | "cashConfirmedAt">;

/**
 * A cash parcel nobody has confirmed with the shopper yet: it does not leave (decision 0132). The
 * same rule is the WHERE of the status change (worker/platform/orders/order-desk-store.ts), so a
 * post from another tab cannot ship past it.
 */
export function awaitsConfirmationToShip(order: WorkflowOrder): boolean {
  return order.payment === "cash" && order.delivery !== "pickup" && !order.cashConfirmedAt;
}

/** The actions the order's status allows, in the order the desk shows them. */
export function allowedActions(order: WorkflowOrder): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => refusal(order, action) === null);
}

/** A pickup order's own path: its refusal, null when allowed, undefined when the common rules decide. */
function pickupRefusal(order: WorkflowOrder, action: OrderAction): string | null | undefined {
  const pickup = order.delivery === "pickup";
  if (order.status === "cancelled" || order.status === "refused") return undefined;
  if (pickup && (action === "ship" || action === "deliver" || action === "refuse")) {
    return "A Local Pickup order is not shipped: mark it “Ready for collection”, then “Collected” (or cancel it if it is never collected).";
  }
  if (!pickup && (action === "ready" || action === "collect")) {
    return "Only a Local Pickup order is collected: this one is delivered by a carrier.";
  }
  // Ready and never collected: cancelling gives its stock back (and credits an issued invoice).
  if (pickup && action === "cancel" && order.status === "shipped") return null;
  return undefined;
}

/** Why an action is refused for this order, in words staff can act on; null when it is allowed. */
export function refusal(order: WorkflowOrder, action: OrderAction): string | null {
  const pickup = pickupRefusal(order, action);
  if (pickup !== undefined) return pickup;
  if (action === "refuse" && order.payment !== "cash" && order.status === "shipped") {
    return "Only a cash-on-delivery parcel can be marked refused at the door.";
  }
  if (TRANSITIONS[action].from.includes(order.status)) {
    return action === "ship" && awaitsConfirmationToShip(order) ? en.whatsapp.shipFirstConfirm : null;
  }
  if (action === "confirm" && order.status === "awaiting_payment") {
    return "This card order is not paid yet: it can be confirmed once the payment has arrived.";
  }
  if (order.status === "cancelled") return "This order is cancelled: nothing more can be done with it.";
  if (order.status === "refused") return "This parcel was refused at the door: nothing more can be done with it.";
  if (action === "cancel") return "A shipped or delivered order cannot be cancelled here.";
  return `“${TRANSITIONS[action].label}” is not possible for an order that is ${statusWords(order)}.`;
}

function statusWords({ status, delivery }: WorkflowOrder): string {
  if (delivery === "pickup" && status === "shipped") return "ready for collection";
  if (delivery === "pickup" && status === "completed") return "collected";
  const words: Record<OrderStatus, string> = {
    new: "new",
    awaiting_payment: "awaiting payment",
    paid: "paid and not confirmed",
    processing: "confirmed",
    shipped: "shipped",
    completed: "delivered",
    cancelled: "cancelled",
    refused: "refused at the door",
  };
  return words[status];
}

/** A cancel gives the stock back and e-mails the shopper: the desk asks first (the box on its form). */
export const CANCEL_QUESTION = "Yes, cancel this order: the shopper is e-mailed";

/**
 * "Confirmed with the shopper" on a waiting cash order (worker/screens/staff/orders/cash-confirm-action.ts):
 * a mark beside the status, not a move of it (decision 0118).
 */
export const SHOPPER_CONFIRMED = "shopper-confirmed";

/** Likewise a refused parcel: its stock comes back and the refusal counts against the shopper's phone. */
export const REFUSE_QUESTION = "Yes, the parcel came back refused: its stock returns and the phone is counted";
