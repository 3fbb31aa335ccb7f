import { gql } from "@urql/core";
import { DEFAULT_LOCALE, LOCALES } from "../../../shared/constants";
import type { ShopBindings } from "../app-env";
import type { CachedModel } from "../caches/kv-records";
import {
  entryTag,
  everyEntryTag,
  layoutTag,
  listsTag,
  type ProductScope,
  productsInTag,
  recordsTag,
  slugTag,
} from "../caches/page-tags";
import { CONTENT_TAG } from "../caches/versions";
import { createCmsClient, runQuery } from "./client";

/*
 * What a CMS change moves on (decision 0086): the tags of the pages and records that show the
 * entry, named as the render noted them (entity-tags.ts), and nothing else. Strapi's webhook names
 * the model and the entry (`entry` unpopulated: its fields, not its relations), so a product's
 * category, brand and line are asked of the CMS here.
 */

/** Menus and contacts: every page of their locale shows them. */
const LAYOUT_MODELS: readonly string[] = ["contact", "menu", "footer-menu", "top-menu"] satisfies CachedModel[];

/** The models whose entries pages are tagged with; a change of any other model moves every page on. */
const CONTENT_MODELS: readonly string[] = [
  "product",
  "category",
  "brand",
  "product-line",
  "blog-post",
  "tag",
  "project",
  "page",
];

/** What the webhook knows of a change. */
export interface EntryChange {
  event: string;
  model: string;
  entryId: string | null;
  /** The entry's locale (Strapi's i18n field), else the default. */
  locale: string;
  /** The entry's slug, when it has one. */
  slug: string | null;
}

const productScopesQuery = gql<
  {
    products: {
      data: {
        attributes: Record<"category" | "brand" | "line", { data: { attributes: { slug: string } } | null } | null>;
      }[];
    } | null;
  },
  { locale: string; id: string }
>`
  query productScopesQuery($locale: I18NLocaleCode, $id: ID) {
    products(locale: $locale, filters: { id: { eq: $id } }, pagination: { pageSize: 1 }) {
      data { attributes {
        category { data { attributes { slug } } }
        brand { data { attributes { slug } } }
        line { data { attributes { slug } } }
      } }
    }
  }
`;

/** The category, brand and line a product is in now, asked of the CMS; null when it cannot say. */
async function productScopes(
  env: ShopBindings,
  locale: string,
  id: string,
): Promise<{ relation: ProductScope; slug: string }[] | null> {
  const data = await runQuery(createCmsClient({ env }), productScopesQuery, { locale, id }, "productScopesQuery");
  const found = data?.products?.data[0]?.attributes;
  if (!found) return null;
  const scopes: { relation: ProductScope; slug: string }[] = [];
  for (const relation of ["category", "brand", "line"] as const) {
    const slug = found[relation]?.data?.attributes.slug;
    if (slug) scopes.push({ relation, slug });
  }
  return scopes;
}

/**
 * The tags a change moves on:
 * - a menu or contact: its locale's layout (every page of that locale);
 * - an entry of a content model: pages that showed it (its id), looked its slug up (a kept 404 of a
 *   slug just published), or drew a list it can join or leave: created, deleted, (un)published, or
 *   its id unknown, every list of the model; only changed, for a product, the lists of its category,
 *   brand and line and the unscoped ones (an edit can move it in a sorted list), for others none;
 * - anything else (an unknown model, a media file): the content version, every page.
 */
export async function changeTags(env: ShopBindings, change: EntryChange): Promise<string[]> {
  const { model, entryId, locale, slug } = change;
  if (LAYOUT_MODELS.includes(model)) return [layoutTag(locale)];
  if (!CONTENT_MODELS.includes(model)) return [CONTENT_TAG];
  const tags = [everyEntryTag(model), recordsTag(model)];
  // The default locale's entry shows wherever another locale falls back to it.
  if (entryId !== null) {
    for (const shownIn of locale === DEFAULT_LOCALE ? LOCALES : [locale]) tags.push(entryTag(model, shownIn, entryId));
  }
  if (slug !== null) tags.push(slugTag(model, locale, slug));
  const edited = change.event === "entry.update" && entryId !== null;
  if (!edited) tags.push(listsTag(model, locale));
  if (model === "product") {
    // A product more or fewer: the catalogue's counts per category and brand.
    if (!edited) tags.push(listsTag("category", locale), listsTag("brand", locale));
    else {
      const scopes = await productScopes(env, locale, entryId);
      if (scopes === null) tags.push(listsTag(model, locale));
      else tags.push(productsInTag(locale, "all"), ...scopes.map((scope) => productsInTag(locale, scope)));
    }
  }
  return tags;
}

/** The entry's locale and slug from Strapi's `entry` (fields only). */
export function entryFacts(entry: unknown): { locale: string; slug: string | null } {
  const fields = entry && typeof entry === "object" ? (entry as { locale?: unknown; slug?: unknown }) : {};
  const locale =
    typeof fields.locale === "string" && /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(fields.locale)
      ? fields.locale
      : DEFAULT_LOCALE;
  const slug = typeof fields.slug === "string" && fields.slug.length > 0 ? fields.slug : null;
  return { locale, slug };
}
