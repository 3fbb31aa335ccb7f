import type { Order, OrderStatus } from "../../../platform/orders/order-record";
import { actionsFrom, isActionOf, type Transition } from "../desk/workflow";

/**
 * The one state machine of an order on the staff desk (decision 0074):
 * new → confirmed → shipped → delivered; cancel from new or confirmed (and from a card
 * order still awaiting payment, or paid and not yet confirmed). A card order that is not
 * paid cannot be confirmed. Stored names: confirmed is `processing`, delivered `completed`
 * (migrations/0080); a card order the provider paid is `paid` until staff confirm it. A shipped cash
 * parcel the shopper would not take is `refused` (decision 0118): its stock comes back, as a cancel's does.
 */
export const ORDER_ACTIONS = ["confirm", "ship", "deliver", "refuse", "cancel"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const TRANSITIONS: Record<OrderAction, Transition<OrderStatus>> = {
  confirm: { from: ["new", "paid"], to: "processing", label: "Confirm order" },
  ship: { from: ["processing"], to: "shipped", label: "Mark as shipped" },
  deliver: { from: ["shipped"], to: "completed", label: "Mark as delivered" },
  refuse: { from: ["shipped"], to: "refused", label: "Refused at the door" },
  cancel: { from: ["new", "awaiting_payment", "paid", "processing"], to: "cancelled", label: "Cancel order" },
};

export function isOrderAction(value: string): value is OrderAction {
  return isActionOf(ORDER_ACTIONS, value);
}

/** The actions the order's status allows, in the order the desk shows them. */
export function allowedActions(order: Pick<Order, "status" | "payment">): OrderAction[] {
  return actionsFrom(ORDER_ACTIONS, TRANSITIONS, order.status).filter((action) => refusal(order, action) === null);
}

/** Why an action is refused for this order, in words staff can act on; null when it is allowed. */
export function refusal(order: Pick<Order, "status" | "payment">, action: OrderAction): string | null {
  if (action === "refuse" && order.payment !== "cash" && order.status === "shipped") {
    return "Only a cash-on-delivery parcel can be marked refused at the door.";
  }
  if (TRANSITIONS[action].from.includes(order.status)) return null;
  if (action === "confirm" && order.status === "awaiting_payment") {
    return "This card order is not paid yet: it can be confirmed once the payment has arrived.";
  }
  if (order.status === "cancelled") return "This order is cancelled: nothing more can be done with it.";
  if (order.status === "refused") return "This parcel was refused at the door: nothing more can be done with it.";
  if (action === "cancel") return "A shipped or delivered order cannot be cancelled here.";
  return `“${TRANSITIONS[action].label}” is not possible for an order that is ${statusWords(order.status)}.`;
}

function statusWords(status: OrderStatus): string {
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
