import { gql } from "@urql/core";
import { DEFAULT_LOCALE } from "../../../shared/constants";
import { indexText } from "../../../shared/search-words";
import type { ShopBindings } from "../app-env";
import { createCmsClient, runQuery } from "../cms-client/client";
import type { Collection } from "../cms-client/strapi-shapes";

/**
 * What the search index is built from, asked of the CMS directly (never through the record
 * cache: the webhook reindexes while the content version it moves is still the old one). The
 * same GraphQL for the embedded CMS and a real Strapi; only published products come back.
 */
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
  slug: string;
}

/** Rich text as plain words: tags and entities out. */
function plainText(html: string | null): string {
  return (html ?? "").replace(/<[^>]*>/g, " ").replace(/&(#\d+|[a-z]+);/gi, " ");
}

function toDocument(id: string, a: IndexedAttributes): SearchDocument {
  return {
    productId: Number(id),
    slug: a.slug,
    name: a.name,
    brandName: a.brand.data?.attributes.name ?? null,
    categorySlug: a.category.data?.attributes.slug ?? null,
    price: a.price,
    popularity: a.popularity ?? 0,
    brandId: a.brand.data?.id ?? null,
    lineId: a.line.data?.id ?? null,
    categoryId: a.category.data?.id ?? null,
    text: {
      name: indexText(a.name),
      brand: indexText(a.brand.data?.attributes.name ?? ""),
      line: indexText(a.line.data?.attributes.name ?? ""),
      category: indexText(a.category.data?.attributes.name ?? ""),
      variants: indexText((a.variants ?? []).map((v) => v.name).join(" ")),
      description: indexText(plainText(a.description)),
      ingredients: indexText(a.ingredients ?? ""),
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
    for (const e of data.products.data) documents.push(toDocument(e.id, e.attributes));
    if (page >= data.products.meta.pagination.pageCount || data.products.data.length === 0) return documents;
  }
}

/** Category rowids sit apart from brand rowids in the one names table. */
export const CATEGORY_ROWID_BASE = 1_000_000;

/** Every brand and category, for suggestions; null when the CMS failed. */
export async function loadNameDocuments(env: ShopBindings): Promise<NameDocument[] | null> {
  const data = await runQuery(createCmsClient({ env }), namesQuery, { locale: DEFAULT_LOCALE }, "searchNamesQuery");
  if (!data) return null;
  return [
    ...(data.brands?.data ?? []).map((e) => ({
      rowid: Number(e.id),
      kind: "brand" as const,
      name: e.attributes.name,
      slug: e.attributes.slug,
    })),
    ...(data.categories?.data ?? []).map((e) => ({
      rowid: CATEGORY_ROWID_BASE + Number(e.id),
      kind: "category" as const,
      name: e.attributes.name,
      slug: e.attributes.slug,
    })),
  ];
}
