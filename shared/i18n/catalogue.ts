import { ar } from "./ar";
import { en } from "./en";
import type { TextLocale } from "./locales";

/**
 * Every locale's catalogue. Server code only: an island gets the section it shows as a prop
 * (islandTexts), so a page never ships a whole catalogue, and an English page no Arabic
 * (the layer check forbids client/ to import this file or a catalogue).
 *
 * Typed as the English catalogue so `fill` and `plural` know each text's placeholders from
 * the English literal; ar.ts is checked to have the same keys and placeholders (messages-type.ts).
 */
const CATALOGUES = { en, ar } as unknown as Record<TextLocale, typeof en>;

export type Catalogue = typeof en;

export function messagesFor(locale: TextLocale): Catalogue {
  return CATALOGUES[locale] ?? en;
}
