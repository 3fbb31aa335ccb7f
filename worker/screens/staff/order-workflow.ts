import type { Order, OrderStatus } from "../../platform/orders/order-record";

/**
 * The one state machine of an order on the staff desk (decision 0074):
 * new → confirmed → shipped → delivered; cancel from new or confirmed (and from a card
 * order still awaiting payment, or paid and not yet confirmed). A card order that is not
 * paid cannot be confirmed. Stored names: confirmed is `processing`, delivered `completed`
 * (migrations/0080); a card order the provider paid is `paid` until staff confirm it.
 */
export const ORDER_ACTIONS = ["confirm", "ship", "deliver", "cancel"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The button: named by what it does. */
  label: string;
}

export const TRANSITIONS: Record<OrderAction, Transition> = {
  confirm: { from: ["new", "paid"], to: "processing", label: "Confirm order" },
  ship: { from: ["processing"], to: "shipped", label: "Mark as shipped" },
  deliver: { from: ["shipped"], to: "completed", label: "Mark as delivered" },
  cancel: { from: ["new", "awaiting_payment", "paid", "processing"], to: "cancelled", label: "Cancel order" },
};

export function isOrderAction(value: string): value is OrderAction {
  return (ORDER_ACTIONS as readonly string[]).includes(value);
}

/** The actions the order's status allows, in the order the desk shows them. */
export function allowedActions(order: Pick<Order, "status">): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => TRANSITIONS[action].from.includes(order.status));
}

/** Why an action is refused for this order, in words staff can act on; null when it is allowed. */
export function refusal(order: Pick<Order, "status" | "payment">, action: OrderAction): string | null {
  if (TRANSITIONS[action].from.includes(order.status)) return null;
  if (action === "confirm" && order.status === "awaiting_payment") {
    return "This card order is not paid yet: it can be confirmed once the payment has arrived.";
  }
  if (order.status === "cancelled") return "This order is cancelled: nothing more can be done with it.";
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
  };
  return words[status];
}
