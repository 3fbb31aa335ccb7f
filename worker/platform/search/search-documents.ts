import { gql } from "@urql/core";
import { DEFAULT_LOCALE } from "../../../shared/constants";
import { indexText } from "../../../shared/search-words";
import type { ShopBindings } from "../app-env";
import { createCmsClient, runQuery } from "../cms-client/client";
import type { Collection } from "../cms-client/strapi-shapes";

/**
 * What the search index is built from, asked of the CMS directly (never through the record
 * cache: the webhook reindexes while the content version it moves is still the old one). The
 * same GraphQL for the embedded CMS and a real Strapi; only published products come back. Each
 * product is read in English and in Arabic (`INDEXED_LOCALE`), matched by slug (a real Strapi gives
 * a localization its own id), and its words in both go in the same row, so a search in either
 * language finds it on pages of either; its Arabic name is kept for the suggestions of Arabic pages.
 */

/** The locale indexed besides the default, its names kept for its pages' suggestions (`name_ar`). */
export const INDEXED_LOCALE = "ar";
interface Ref {
  data: { id: string; attributes: { name: string; slug: string } } | null;
}
interface IndexedAttributes {
  name: string;
  slug: string;
  price: number;
  popularity: number | null;
  description: string | null;
  ingredients: string | null;
  brand: Ref;
  line: Ref;
  category: Ref;
  variants: { name: string }[] | null;
}

const searchDocumentsQuery = gql<
  { products: Collection<IndexedAttributes> | null },
  { locale: string; filters: Record<string, unknown>; page: number; pageSize: number }
>`
  query searchDocumentsQuery($locale: I18NLocaleCode, $filters: ProductFiltersInput, $page: Int, $pageSize: Int) {
    products(locale: $locale, filters: $filters, sort: ["id:asc"], pagination: { page: $page, pageSize: $pageSize }) {
      data { id attributes { name slug price popularity description ingredients
        brand { data { id attributes { name slug } } }
        line { data { id attributes { name slug } } }
        category { data { id attributes { name slug } } }
        variants { name } } }
      meta { pagination { page pageCount total } }
    }
  }
`;

const namesQuery = gql<
  {
    brands: Collection<{ name: string; slug: string }> | null;
    categories: Collection<{ name: string; slug: string }> | null;
  },
  { locale: string }
>`
  query searchNamesQuery($locale: I18NLocaleCode) {
    brands(locale: $locale, pagination: { pageSize: 100 }) { data { id attributes { name slug } } }
    categories(locale: $locale, pagination: { pageSize: 100 }) { data { id attributes { name slug } } }
  }
`;

/** One product as the index holds it: the normalised text per column and what results show. */
export interface SearchDocument {
  productId: number;
  slug: string;
  name: string;
  /** The Arabic name, when the product has one of its own. */
  nameAr: string | null;
  brandName: string | null;
  categorySlug: string | null;
  price: number;
  popularity: number;
  brandId: string | null;
  lineId: string | null;
  categoryId: string | null;
  text: {
    name: string;
    brand: string;
    line: string;
    category: string;
    variants: string;
    description: string;
    ingredients: string;
  };
}

export interface NameDocument {
  rowid: number;
  kind: "brand" | "category";
  name: string;
  /** The Arabic name, when the entry has one of its own. */
  nameAr: string | null;
  slug: string;
}

/** Rich text as plain words: tags and entities out. */
function plainText(html: string | null): string {
  return (html ?? "").replace(/<[^>]*>/g, " ").replace(/&(#\d+|[a-z]+);/gi, " ");
}

/** The words of a text in English and, when it says something else, in Arabic. */
function bothTexts(en: string | null | undefined, ar: string | null | undefined): string {
  const english = indexText(en ?? "");
  const arabic = ar && ar !== en ? indexText(ar) : "";
  return arabic ? `${english} ${arabic}`.trim() : english;
}

/** Arabic's own value, or null when it is the English one (a fallback) or missing. */
function ownArabic(en: string, ar: string | null | undefined): string | null {
  return ar && ar !== en ? ar : null;
}

function toDocument(id: string, a: IndexedAttributes, ar: IndexedAttributes | undefined): SearchDocument {
  const relation = (of: IndexedAttributes | undefined, key: "brand" | "line" | "category") =>
    of?.[key].data?.attributes.name;
  return {
    productId: Number(id),
    slug: a.slug,
    name: a.name,
    nameAr: ownArabic(a.name, ar?.name),
    brandName: a.brand.data?.attributes.name ?? null,
    categorySlug: a.category.data?.attributes.slug ?? null,
    price: a.price,
    popularity: a.popularity ?? 0,
    brandId: a.brand.data?.id ?? null,
    lineId: a.line.data?.id ?? null,
    categoryId: a.category.data?.id ?? null,
    text: {
      name: bothTexts(a.name, ar?.name),
      brand: bothTexts(relation(a, "brand"), relation(ar, "brand")),
      line: bothTexts(relation(a, "line"), relation(ar, "line")),
      category: bothTexts(relation(a, "category"), relation(ar, "category")),
      variants: indexText((a.variants ?? []).map((v) => v.name).join(" ")),
      description: bothTexts(plainText(a.description), ar && plainText(ar.description)),
      ingredients: bothTexts(a.ingredients, ar?.ingredients),
    },
  };
}

const PAGE_SIZE = 100;

/** Every published product the filters select, as index documents; null when the CMS failed. */
export async function loadSearchDocuments(
  env: ShopBindings,
  filters: Record<string, unknown> = {},
): Promise<SearchDocument[] | null> {
  const client = createCmsClient({ env });
  const documents: SearchDocument[] = [];
  for (let page = 1; ; page++) {
    const variables = { locale: DEFAULT_LOCALE, filters, page, pageSize: PAGE_SIZE };
    const data = await runQuery(client, searchDocumentsQuery, variables, "searchDocumentsQuery");
    if (!data?.products) return null;
    const entries = data.products.data;
    // The same page's products in Arabic, by slug: one more query per page of a hundred.
    const arabic = await runQuery(
      client,
      searchDocumentsQuery,
      {
        locale: INDEXED_LOCALE,
        filters: { slug: { in: entries.map((e) => e.attributes.slug) } },
        page: 1,
        pageSize: PAGE_SIZE,
      },
      "searchDocumentsQuery",
    );
    if (entries.length > 0 && !arabic?.products) return null;
    const bySlug = new Map((arabic?.products?.data ?? []).map((e) => [e.attributes.slug, e.attributes]));
    for (const e of entries) documents.push(toDocument(e.id, e.attributes, bySlug.get(e.attributes.slug)));
    if (page >= data.products.meta.pagination.pageCount || entries.length === 0) return documents;
  }
}

/** Category rowids sit apart from brand rowids in the one names table. */
export const CATEGORY_ROWID_BASE = 1_000_000;

/** Every brand and category, for suggestions; null when the CMS failed. */
export async function loadNameDocuments(env: ShopBindings): Promise<NameDocument[] | null> {
  const client = createCmsClient({ env });
  const [data, arabic] = await Promise.all([
    runQuery(client, namesQuery, { locale: DEFAULT_LOCALE }, "searchNamesQuery"),
    runQuery(client, namesQuery, { locale: INDEXED_LOCALE }, "searchNamesQuery"),
  ]);
  if (!data || !arabic) return null;
  const arabicName = (entries: { attributes: { name: string; slug: string } }[] | undefined) =>
    new Map((entries ?? []).map((e) => [e.attributes.slug, e.attributes.name]));
  const brandsAr = arabicName(arabic.brands?.data);
  const categoriesAr = arabicName(arabic.categories?.data);
  return [
    ...(data.brands?.data ?? []).map((e) => ({
      rowid: Number(e.id),
      kind: "brand" as const,
      name: e.attributes.name,
      nameAr: ownArabic(e.attributes.name, brandsAr.get(e.attributes.slug)),
      slug: e.attributes.slug,
    })),
    ...(data.categories?.data ?? []).map((e) => ({
      rowid: CATEGORY_ROWID_BASE + Number(e.id),
      kind: "category" as const,
      name: e.attributes.name,
      nameAr: ownArabic(e.attributes.name, categoriesAr.get(e.attributes.slug)),
      slug: e.attributes.slug,
    })),
  ];
}
