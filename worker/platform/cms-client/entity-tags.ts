import { entryTag, listsTag, type ProductScope, productsInTag, slugTag } from "../caches/page-tags";

/*
 * What a CMS answer shows, as page tags (caches/page-tags.ts, decision 0086). Queries are sent with
 * `__typename` on every selection (cached-query.ts), so the answer itself names its entries
 * (`ProductEntity` with its `id`) and its lists (`ProductEntityResponseCollection`), in Strapi v4's
 * GraphQL and the embedded CMS alike. The query's variables say what kind of list it was.
 */

/** Strapi's model name (its singularName) for a GraphQL type name: `BlogPost` → `blog-post`. */
export function modelOf(typeName: string): string {
  return typeName.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

const ENTITY = "Entity";
const COLLECTION = "EntityResponseCollection";

interface Shown {
  entries: Set<string>;
  /** Models answered as a list (a collection), by model name. */
  collections: Set<string>;
}

function walk(node: unknown, locale: string, shown: Shown): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, locale, shown);
    return;
  }
  if (!node || typeof node !== "object") return;
  const record = node as Record<string, unknown>;
  const type = record.__typename;
  if (typeof type === "string") {
    if (type.endsWith(COLLECTION)) shown.collections.add(modelOf(type.slice(0, -COLLECTION.length)));
    else if (type.endsWith(ENTITY) && (typeof record.id === "string" || typeof record.id === "number")) {
      shown.entries.add(entryTag(modelOf(type.slice(0, -ENTITY.length)), locale, record.id));
    }
  }
  for (const value of Object.values(record)) if (value && typeof value === "object") walk(value, locale, shown);
}

type Filters = Record<string, unknown>;

function asFilters(value: unknown): Filters | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Filters) : null;
}

/** `{ slug: { eq: "x" } }`'s "x". */
function slugEquals(filters: Filters | null): string | null {
  const eq = asFilters(filters?.slug)?.eq;
  return typeof eq === "string" ? eq : null;
}

/**
 * The slug a query looks one entry up by: a `slug` variable, or `filters.slug.eq` (at the top or in
 * the top `and`). Null for a list.
 */
export function lookedUpSlug(variables: unknown): string | null {
  const vars = asFilters(variables);
  if (typeof vars?.slug === "string") return vars.slug;
  const filters = asFilters(vars?.filters);
  const and = Array.isArray(filters?.and) ? filters.and : [];
  return slugEquals(filters) ?? and.map((part) => slugEquals(asFilters(part))).find((slug) => slug !== null) ?? null;
}

/** Whether a query asks for products by their slugs (the bag, favourites, search's cards): entries, not a list. */
function bySlugs(variables: unknown): boolean {
  return Array.isArray(asFilters(asFilters(asFilters(variables)?.filters)?.slug)?.in);
}

const SCOPES: readonly ProductScope[] = ["category", "brand", "line"];

/** The categories, brands and lines a product list's filters draw from (anywhere in its `and`/`or`). */
export function productScopes(filters: unknown): { relation: ProductScope; slug: string }[] {
  const found: { relation: ProductScope; slug: string }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const part = asFilters(node);
    if (!part) return;
    for (const relation of SCOPES) {
      const slug = slugEquals(asFilters(part[relation]));
      if (slug !== null) found.push({ relation, slug });
    }
    visit(part.and);
    visit(part.or);
  };
  visit(filters);
  return found;
}

/** The tags of what a query's answer shows: its entries, and the lists or look-ups it answered. */
export function shownTags(data: unknown, variables: unknown): string[] {
  const shown: Shown = { entries: new Set(), collections: new Set() };
  const vars = asFilters(variables);
  const locale = typeof vars?.locale === "string" ? vars.locale : "";
  walk(data, locale, shown);
  const tags = [...shown.entries];
  const slug = lookedUpSlug(variables);
  for (const model of shown.collections) {
    if (slug !== null) tags.push(slugTag(model, locale, slug));
    else if (model === "product" && bySlugs(variables)) continue;
    else {
      tags.push(listsTag(model, locale));
      if (model === "product") {
        const scopes = productScopes(vars?.filters);
        if (scopes.length === 0) tags.push(productsInTag(locale, "all"));
        for (const scope of scopes) tags.push(productsInTag(locale, scope));
      }
    }
  }
  return tags;
}
