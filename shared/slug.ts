import { foldText } from "./search-words";

/**
 * A name as it appears in a URL: folded the way search folds it (lower case, accents stripped after
 * the canonical decomposition, ligatures spelled out, apostrophes dropped), then every run of what is
 * not a Latin letter or a digit one hyphen. "Clarté Night Repair Cream" → "clarte-night-repair-cream",
 * never "clart-night-repair-cream". The seed's products are named `{brand slug}-{slug of the name}`,
 * in both CMSs (tests/worker/seed-slugs.test.ts).
 */
export function slugify(text: string): string {
  return foldText(text.normalize("NFKD"))
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
