import type { en } from "./en";
import type { TextLocale } from "./locales";

/**
 * The shape every locale's catalogue has, derived from the English one: the same keys
 * (a key missing in Arabic is a compile error), each text a string that carries the
 * English text's placeholders (`"{name} is in your bag."` needs `{name}` in Arabic too),
 * each plural a set of forms with at least `other` (a form may leave the count unsaid: "مراجعتان").
 */
export type Messages = Shape<typeof en>;

/** The plural categories `Intl.PluralRules` answers; English uses one and other, Arabic all six. */
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";
export type PluralForms = Partial<Record<PluralCategory, string>> & { other: string };

/** `"{count} items in {place}"` → `"count" | "place"`. */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/** A string holding each of the placeholders P (any string when there are none). */
type Holding<P extends string> = [P] extends [never]
  ? string
  : UnionToIntersection<P extends string ? `${string}{${P}}${string}` : never>;

type Shape<T> = T extends string
  ? Holding<Placeholders<T>>
  : T extends { readonly other: infer O extends string }
    ? Partial<Record<PluralCategory, Holding<Exclude<Placeholders<O>, "count">>>> & {
        other: Holding<Exclude<Placeholders<O>, "count">>;
      }
    : { readonly [K in keyof T]: Shape<T[K]> };

/** The values a text's placeholders take: numbers are written with the locale's digits. */
export type Params<S> = S extends string
  ? { [K in Placeholders<S>]: string | number }
  : S extends { readonly other: infer O extends string }
    ? { [K in Exclude<Placeholders<O>, "count">]: string | number }
    : never;

/**
 * What an island needs to speak, in its props: its locale (for plurals and numbers) and the
 * one section of the catalogue it shows, so a page ships only the texts its islands show. The
 * section travels once per page, not in every island's props (frame/islands/island.tsx): the
 * props carry its name, and the client puts the texts back before hydrating (client/islands.ts).
 */
export interface IslandTexts<K extends keyof typeof en> {
  locale: TextLocale;
  /** Set by islandTexts; a component inside an island is handed the texts without it. */
  section?: K;
  texts: (typeof en)[K];
}

/** One section of the catalogue, as a component that shows it takes it. */
export type Section<K extends keyof typeof en> = (typeof en)[K];
