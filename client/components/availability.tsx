import type { Availability } from "../../shared/cart-rules";
import { fill } from "../../shared/i18n/format";
import type { IslandTexts } from "../../shared/i18n/messages-type";

/**
 * "In stock", "Pre purchase", "Out of stock" or, when stock is counted and low, "Only 3 left":
 * a dot and a word, never the colour alone.
 */
export function AvailabilityText({
  availability,
  left,
  locale,
  texts,
}: { availability: Availability | null; left?: number | null } & IslandTexts<"product">) {
  const state = availability ?? "none";
  const few = state === "in_stock" && left != null;
  const tone = few ? "low" : state === "in_stock" ? "in" : state === "prepurchase" ? "pre" : "out";
  return (
    <span className={`availability availability--${tone}`}>
      {few ? fill(locale, texts.fewLeft, { left }) : texts.availability[state]}
    </span>
  );
}
