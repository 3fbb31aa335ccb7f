import type { Availability } from "../../shared/cart-rules";
import { fewLeft } from "../../shared/stock-rules";
import { text } from "../../shared/text";

/**
 * "In stock", "Pre purchase", "Out of stock" or, when stock is counted and low, "Only 3 left":
 * a dot and a word, never the colour alone.
 */
export function AvailabilityText({ availability, left }: { availability: Availability | null; left?: number | null }) {
  const state = availability ?? "none";
  const few = state === "in_stock" && left != null;
  const tone = few ? "low" : state === "in_stock" ? "in" : state === "prepurchase" ? "pre" : "out";
  return <span className={`availability availability--${tone}`}>{few ? fewLeft(left) : text.availability[state]}</span>;
}
