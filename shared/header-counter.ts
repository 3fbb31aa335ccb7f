import type { en } from "./i18n/en";
import { plural } from "./i18n/format";
import type { TextLocale } from "./i18n/locales";

/**
 * The header's bag and favourites counters, as the server renders and fills them
 * (worker/frame/personal/header-counts.tsx) and as the add-to-bag island moves the
 * bag's at once: the same attributes and the same words on both sides. The words travel
 * with the counter (its `data-counter-texts`), so the island needs no catalogue of its own.
 */
export type CounterKind = "bag" | "favourites";

export interface CounterTexts {
  locale: TextLocale;
  /** "Bag" or "Favourites" in the page's language. */
  name: string;
  forms: (typeof en)["layout"]["counter"];
}

/** What a screen reader hears for a counter: "Bag, 3 items". */
export function counterLabel(texts: CounterTexts, count: number): string {
  return plural(texts.locale, texts.forms, count, { name: texts.name });
}
