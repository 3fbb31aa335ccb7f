import { DELIVERY_FEE, FREE_DELIVERY_FROM } from "../cart-rules";
import { EMIRATES } from "../forms/checkout";
import type { Fils } from "../money";

/**
 * Delivery and cash on delivery as the desk sets them (docs/decisions/0109-delivery-settings-on-the-desk.md):
 * kept in D1 (shop_settings), read with the bag. Today's constants are the defaults.
 */
export interface ShopSettings {
  /** The delivery fee per emirate; an emirate not named pays `deliveryFee`. */
  deliveryFeeByEmirate: Partial<Record<(typeof EMIRATES)[number], Fils>>;
  /** The fee when the emirate is not known yet (the bag's estimate) or not named above. */
  deliveryFee: Fils;
  /** A bag at or above it (after discounts) ships free; null: never free by amount. */
  freeDeliveryFrom: Fils | null;
  /** Added to an order paid in cash on delivery. */
  cashFee: Fils;
  /** The largest total that may be paid in cash; null: any. */
  cashMax: Fils | null;
  /** Counts every save: the desk refuses one made from an older copy. */
  version: number;
}

export const DEFAULT_SETTINGS: ShopSettings = {
  deliveryFeeByEmirate: {},
  deliveryFee: DELIVERY_FEE,
  freeDeliveryFrom: FREE_DELIVERY_FROM,
  cashFee: 0,
  cashMax: null,
  version: 0,
};

/** The fee for delivery to `region` (an emirate), or the shop's estimate when none is given. */
export function deliveryFeeFor(settings: ShopSettings, region: string | null): Fils {
  const named = (EMIRATES as readonly string[]).includes(region ?? "")
    ? settings.deliveryFeeByEmirate[region as (typeof EMIRATES)[number]]
    : undefined;
  return named ?? settings.deliveryFee;
}

/** Settings read from their JSON (shop_settings.value); anything missing or malformed takes its default. */
export function settingsOf(json: string | null, version: number): ShopSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = json ? JSON.parse(json) : {};
    if (parsed && typeof parsed === "object") raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const fils = (value: unknown, fallback: Fils | null): Fils | null =>
    value === null ? null : Number.isInteger(value) && (value as number) >= 0 ? (value as number) : fallback;
  const byEmirate: ShopSettings["deliveryFeeByEmirate"] = {};
  const named = raw.deliveryFeeByEmirate;
  if (named && typeof named === "object") {
    for (const emirate of EMIRATES) {
      const fee = fils((named as Record<string, unknown>)[emirate], null);
      if (fee !== null) byEmirate[emirate] = fee;
    }
  }
  return {
    deliveryFeeByEmirate: byEmirate,
    deliveryFee: fils(raw.deliveryFee, DEFAULT_SETTINGS.deliveryFee) ?? DEFAULT_SETTINGS.deliveryFee,
    freeDeliveryFrom:
      "freeDeliveryFrom" in raw ? fils(raw.freeDeliveryFrom, FREE_DELIVERY_FROM) : DEFAULT_SETTINGS.freeDeliveryFrom,
    cashFee: fils(raw.cashFee, 0) ?? 0,
    cashMax: "cashMax" in raw ? fils(raw.cashMax, null) : DEFAULT_SETTINGS.cashMax,
    version,
  };
}
