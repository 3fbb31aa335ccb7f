import type { ReactNode } from "react";
import { Rich, useTexts } from "../../frame/i18n/texts";
import type { OrderEvent } from "../../platform/orders/order-history-store";
import type { Order } from "../../platform/orders/order-record";
import { instalmentAwaitingStep } from "../../shop/payments/instalment-order-note";

type OrderTexts = ReturnType<typeof useTexts>["m"]["orders"];

/** The page's heading as the order stands: placed until it is on its way, delivered or cancelled. */
export function orderHeading(order: Order, o: OrderTexts): string {
  if (order.status === "shipped" && order.delivery === "pickup") return o.now.readyNow;
  if (order.status === "completed" && order.delivery === "pickup") return o.collectedHeading;
  if (
    order.status === "shipped" ||
    order.status === "completed" ||
    order.status === "cancelled" ||
    order.status === "refused"
  ) {
    return o.headings[order.status];
  }
  return o.isPlaced;
}

/**
 * Where and when a pickup order ready for collection is collected, as staff wrote it when they marked it
 * ready (worker/screens/staff/orders/order-action.ts keeps it as that status move's note, and e-mails it).
 */
export function collectNote(order: Order, events: readonly OrderEvent[]): string | null {
  if (order.delivery !== "pickup" || order.status !== "shipped") return null;
  const ready = events.findLast((event) => event.kind === "status" && event.toStatus === "shipped");
  return ready?.note?.trim() || null;
}

/** What happens next, as the order stands now: a shipped or cancelled order is not "checked and confirmed". */
export function NextSteps({ order, events = [] }: { order: Order; events?: readonly OrderEvent[] }) {
  const t = useTexts();
  const o = t.m.orders;
  const pickup = order.delivery === "pickup";
  const place = collectNote(order, events);
  // Staff write it in the order's language: isolated, and named so when the page is in the other.
  const collectAt = place && (
    <Rich
      key="collect-at"
      text={o.now.collectAt}
      parts={{ place: <bdi lang={order.locale === t.locale ? undefined : order.locale}>{place}</bdi> }}
    />
  );
  const last = pickup ? o.readyToCollect : o.courierCalls;
  const steps: ReactNode[] = {
    new: [
      <Rich key="call" text={o.weCall} parts={{ phone: <bdi dir="ltr">{order.phone}</bdi> }} />,
      // The spec's note on the delivery cost: a parcel's, so not a Local Pickup order's.
      ...(pickup ? [] : [t.m.checkout.shippingNote]),
      last,
    ],
    awaiting_payment: [instalmentAwaitingStep(order, t) ?? o.now.awaitingPayment, last],
    paid: [o.now.paid, last],
    processing: [o.now.processing, last],
    shipped: pickup ? [o.now.readyNow, ...(collectAt ? [collectAt] : [])] : [o.now.shipped, o.courierCalls],
    completed: [pickup ? o.collectedNow : o.now.completed],
    cancelled: [o.now.cancelled],
    refused: [o.now.refused],
  }[order.status];
  return (
    <>
      <h2>{o.next}</h2>
      <ol className="next-steps">
        {steps.map((step, index) => (
          // The steps are a fixed list per status, never reordered: their place is their key.
          <li key={index}>{step}</li>
        ))}
      </ol>
    </>
  );
}
