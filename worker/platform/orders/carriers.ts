/**
 * The carriers the staff desk ships with (its "Mark as shipped" form offers these, not free text), each
 * with its tracking page's URL pattern: `{tracking}` is the tracking number, URL-encoded. The order
 * keeps the carrier's name (orders.carrier), so orders shipped before this list, with a carrier typed
 * by hand, still show theirs; they have no tracking link.
 */
export interface Carrier {
  /** What the desk's form posts. */
  readonly id: string;
  /** What the order keeps and the shopper reads. */
  readonly name: string;
  /** The tracking page, or null for a carrier without one. */
  readonly tracking: string | null;
  /** What the desk's select shows, when not the name. */
  readonly label?: string;
}

/** The name an order keeps for a carrier off the list's links (the e-mail names "our courier"). */
export const OTHER_CARRIER = "Other";

export const CARRIERS: readonly Carrier[] = [
  { id: "aramex", name: "Aramex", tracking: "https://www.aramex.com/ae/en/track/results?ShipmentNumber={tracking}" },
  {
    id: "emirates-post",
    name: "Emirates Post",
    tracking: "https://www.emiratespost.ae/all-services/track-a-package/step-two?q={tracking}",
  },
  {
    id: "dhl-express",
    name: "DHL Express",
    tracking: "https://www.dhl.com/ae-en/home/tracking/tracking-express.html?submit=1&tracking-id={tracking}",
  },
  {
    id: "smsa",
    name: "SMSA Express",
    tracking: "https://www.smsaexpress.com/ae/trackingdetails?tracknumbers={tracking}",
  },
  // The shopper's e-mail says "our courier" for it (worker/screens/staff/orders/order-mail.ts).
  { id: "other", name: "Other", tracking: null, label: "Other (no tracking link)" },
];

/** The carrier the desk's form named, or undefined for a value not on the list. */
export function carrierById(id: string): Carrier | undefined {
  return CARRIERS.find((carrier) => carrier.id === id);
}

/** The carrier's tracking page for this number, when the order's carrier is one of the list with a page. */
export function trackingUrl(
  carrierName: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const carrier = CARRIERS.find((c) => c.name === carrierName);
  if (!carrier?.tracking || !trackingNumber) return null;
  return carrier.tracking.replace("{tracking}", encodeURIComponent(trackingNumber));
}
