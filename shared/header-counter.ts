/**
 * The header's bag and favourites counters, as the server renders and fills them
 * (worker/frame/personal/header-counts.tsx) and as the add-to-bag island moves the
 * bag's at once: the same attributes and the same words on both sides.
 */
export type CounterKind = "bag" | "favourites";

export const COUNTER_NAMES: Record<CounterKind, string> = { bag: "Bag", favourites: "Favourites" };

/** What a screen reader hears for a counter. */
export function counterLabel(kind: CounterKind, count: number): string {
  return `${COUNTER_NAMES[kind]}, ${count} items`;
}
