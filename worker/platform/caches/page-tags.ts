import type { Context } from "hono";
import { LOCALES } from "../../../shared/constants";
import type { AppEnv } from "../app-env";
import { CONTENT_TAG, readTagVersions, STOCK_TAG, UNKNOWN_VERSION } from "./versions";

/*
 * The names a kept page shell is judged by (decision 0086): while a shell renders, every CMS record
 * it reads notes the entries it showed and the lists it drew from (cms-client/entity-tags.ts); the
 * shell keeps those tags with their versions (versions.ts), and is made again when one moved on.
 * A change names the same tags (cms-client/change-tags.ts), so it refreshes the pages that show
 * the changed entry and no others. One place spells each tag.
 */

/** Menus and contacts: every page of the locale shows them. */
export function layoutTag(locale: string): string {
  return `layout:${locale}`;
}

/**
 * One CMS entry as a page in `locale` showed it (Strapi's model name and entry id). In Strapi each
 * locale's entry has its own id; the embedded CMS shares one id across locales and falls back to
 * English per entry, so a change in the default locale moves the entry's tag in every locale
 * (cms-client/change-tags.ts), and an Arabic one only the Arabic tag.
 */
export function entryTag(model: string, locale: string, id: string | number): string {
  return `${model}:${locale}:${id}`;
}

/** Every entry of a model: stands for a page's many entries of it when they would be too many tags. */
export function everyEntryTag(model: string): string {
  return `${model}:all`;
}

/** A model's entries looked up by slug: a page that found none (a kept 404) waits on this. */
export function slugTag(model: string, locale: string, slug: string): string {
  return `${model}:slug:${locale}:${slug}`;
}

/** Lists of a model (what an entry created, deleted, published or unpublished can join or leave). */
export function listsTag(model: string, locale: string): string {
  return `${model}:lists:${locale}`;
}

/** The relations a product list can be drawn from (catalogue listings, similar goods). */
export type ProductScope = "category" | "brand" | "line";

/** Lists of the products of one category, brand or line, or (`all`) lists drawn from every product. */
export function productsInTag(locale: string, scope: { relation: ProductScope; slug: string } | "all"): string {
  return scope === "all" ? `product:in:${locale}:all` : `product:in:${locale}:${scope.relation}:${scope.slug}`;
}

/** What the search index answers (reindexed after every catalogue change). */
export const SEARCH_TAG = "search";

/** The shop's own reviews page (reviews of the shop, published at once or by staff). */
export const SHOP_REVIEWS_TAG = "shop-reviews";

/** What moves on when the approved reviews change: the product's pages and cards in every locale, or the shop's reviews page. */
export function reviewsTags(productId: number | null): string[] {
  return productId === null ? [SHOP_REVIEWS_TAG] : LOCALES.map((locale) => entryTag("product", locale, productId));
}

/** The records kept in KV of a model (kv-records.ts): any change of one of its entries moves it on. */
export function recordsTag(model: string): string {
  return `records:${model}`;
}

/**
 * A shell keeps at most this many tags (KV reads 100 keys at once; what a page needs is far fewer).
 * Past it, a model's entries are kept as one tag (everyEntryTag), which any change of the model moves.
 */
export const MAX_SHELL_TAGS = 90;

/** What every page of the request's locale shows: everything, stock, and the locale's menus and contacts. */
export function everyPageTags(c: Context<AppEnv>): string[] {
  return [CONTENT_TAG, STOCK_TAG, layoutTag(c.get("locale"))];
}

/** The tags the page rendering for keeping notes now (its fate's, decision 0096); null when it notes nothing. */
function noting(c: Context<AppEnv>): Set<string> | null {
  return c.get("keeping")?.fate.tags ?? null;
}

/**
 * Runs `work` (a part kept on its own, like the 404 frame) noting its tags apart from the page's,
 * and hands it the set they go to, so `shownUnder` of that set answers for the part alone; the page
 * then shows what the part shows.
 */
export async function notingApart<T>(c: Context<AppEnv>, work: (part: ReadonlySet<string>) => Promise<T>): Promise<T> {
  const fate = c.get("keeping")?.fate;
  const part = new Set(everyPageTags(c));
  if (!fate) return work(part);
  const page = fate.tags;
  fate.tags = part;
  try {
    return await work(part);
  } finally {
    fate.tags = page;
    for (const tag of part) page?.add(tag);
  }
}

/** Runs `work` noting nothing of what it reads: for a value held beyond this request, whose user notes its own tags for it. */
export async function unnoted<T>(c: Context<AppEnv>, work: () => Promise<T>): Promise<T> {
  const fate = c.get("keeping")?.fate;
  if (!fate) return work();
  const page = fate.tags;
  fate.tags = null;
  try {
    return await work();
  } finally {
    fate.tags = page;
  }
}

/** Whether the page being rendered notes what it shows (a page rendering for keeping, outside `unnoted`). */
export function notesTags(c: Context<AppEnv>): boolean {
  return noting(c) !== null;
}

/** The tags noted so far by the page being rendered (none when nothing is noting). */
export function tagsNoted(c: Context<AppEnv>): string[] {
  return [...(noting(c) ?? [])];
}

/** Notes that the page being rendered shows what these tags name (nothing when no shell is rendering). */
export function noteTags(c: Context<AppEnv>, tags: Iterable<string>): void {
  const noted = noting(c);
  if (!noted) return;
  for (const tag of tags) noted.add(tag);
}

/** What the render noted, at most MAX_SHELL_TAGS: the models with most entries folded into everyEntryTag first. */
export function notedTags(noted: ReadonlySet<string>): string[] {
  const tags = [...noted];
  if (tags.length <= MAX_SHELL_TAGS) return tags;
  const entries = new Map<string, string[]>();
  for (const tag of tags) {
    const model = /^([a-z-]+):[a-z]{2,3}(?:-[A-Za-z]{2,4})?:\d+$/.exec(tag)?.[1];
    if (model) entries.set(model, [...(entries.get(model) ?? []), tag]);
  }
  const kept = new Set(tags);
  for (const [model, ids] of [...entries].sort((a, b) => b[1].length - a[1].length)) {
    if (kept.size <= MAX_SHELL_TAGS) break;
    for (const tag of ids) kept.delete(tag);
    kept.add(everyEntryTag(model));
  }
  return [...kept];
}

/**
 * The noted tags with their versions now, for the shell to be kept under; null when it must not be
 * kept: a version this request read before rendering (a record's, the content's) has moved on since,
 * so a change landed while the page rendered and the page may show what came before it, or KV could
 * not say.
 */
export async function shownUnder(c: Context<AppEnv>, noted: ReadonlySet<string>): Promise<Map<string, string> | null> {
  const tags = notedTags(noted);
  const readBefore = c.get("tagVersions") ?? new Map<string, string>();
  const now = await readTagVersions(c.env.CMS_CACHE, [...new Set([...tags, ...readBefore.keys()])]);
  for (const [tag, version] of readBefore) if (now.get(tag) !== version) return null;
  const shown = new Map<string, string>();
  for (const tag of tags) {
    const version = now.get(tag);
    if (version === undefined || version === UNKNOWN_VERSION) return null;
    shown.set(tag, version);
  }
  return shown;
}
