import { EMIRATES } from "../forms/checkout";

/**
 * The emirate a supply is reported under on the VAT return (VAT 201, boxes 1a–1g), from what an issued
 * invoice kept (docs/decisions/0121-a-vat-register-read-from-the-issued-snapshots.md). A delivered order
 * keeps its emirate as the checkout's choice of the seven (orders.region, in the snapshot's buyer address
 * as [address, city, region, postcode]); an older or hand-made order may have it only spelt another way
 * or in the city. A pick-up is supplied at the shop: the emirate its registered address names (the seller
 * kept in the same snapshot). Anything else is not known, and the desk says so rather than guessing.
 */
export type Emirate = (typeof EMIRATES)[number];

/** The boxes of VAT 201 that ask for standard-rated supplies per emirate, in the form's order. */
export const EMIRATE_BOXES: readonly (readonly [Emirate, string])[] = EMIRATES.map(
  (emirate, i) => [emirate, `1${"abcdefg"[i]}`] as const,
);

/** Letters only, lower case, Arabic alef forms as one: "Umm al-Quwain" and "UMM AL QUWAIN" read alike. */
function key(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[أإآ]/g, "ا")
    .replace(/[^\p{L}]/gu, "");
}

/** Each emirate's full names, in English and in Arabic, as they may be found inside an address. */
const NAMES: readonly (readonly [Emirate, readonly string[]])[] = [
  ["Abu Dhabi", ["Abu Dhabi", "Abudhabi", "أبوظبي"]],
  ["Dubai", ["Dubai", "دبي"]],
  ["Sharjah", ["Sharjah", "الشارقة"]],
  ["Ajman", ["Ajman", "عجمان"]],
  ["Umm Al Quwain", ["Umm Al Quwain", "Umm Al Qaiwain", "أم القيوين"]],
  ["Ras Al Khaimah", ["Ras Al Khaimah", "رأس الخيمة"]],
  ["Fujairah", ["Fujairah", "Fujeirah", "الفجيرة"]],
];
const FULL = NAMES.flatMap(([emirate, names]) => names.map((name) => [key(name), emirate] as const));
/** Short names only a whole field may be (never searched for inside an address). */
const SHORT: readonly (readonly [string, Emirate])[] = [
  ["ad", "Abu Dhabi"],
  ["dxb", "Dubai"],
  ["shj", "Sharjah"],
  ["uaq", "Umm Al Quwain"],
  ["rak", "Ras Al Khaimah"],
];

/** The emirate a whole field names (a region or a city), or null. */
export function emirateNamed(value: string | null | undefined): Emirate | null {
  const k = key(value ?? "");
  if (!k) return null;
  return FULL.find(([name]) => name === k)?.[1] ?? SHORT.find(([name]) => name === k)?.[1] ?? null;
}

/** The emirate an address names; of several, the last (an address ends with its emirate). */
export function emirateIn(address: string | null | undefined): Emirate | null {
  const k = key(address ?? "");
  let found: Emirate | null = null;
  let at = -1;
  for (const [name, emirate] of FULL) {
    const i = k.lastIndexOf(name);
    if (i > at) {
      at = i;
      found = emirate;
    }
  }
  return found;
}

export interface SupplyPlace {
  delivery: "transport" | "pickup";
  region: string | null;
  city: string | null;
  street: string | null;
  sellerAddress: string | null;
}

/** Where the supply was made, for the return: the delivery's emirate, or the shop's for a pick-up. */
export function placeOfSupply(place: SupplyPlace): Emirate | null {
  if (place.delivery === "pickup") return emirateIn(place.sellerAddress);
  return (
    emirateNamed(place.region) ?? emirateNamed(place.city) ?? emirateIn(`${place.street ?? ""} ${place.city ?? ""}`)
  );
}
