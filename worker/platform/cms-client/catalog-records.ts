import { gql } from "@urql/core";
import type { Context } from "hono";
import type { Availability } from "../../../shared/cart-rules";
import type {
  Brand,
  Category,
  Page,
  Product,
  ProductLine,
  ProductSummary,
  ProductVariant,
  VariantKind,
} from "../../../shared/types/catalog";
import { safeSwatch } from "../../../shared/variants";
import type { AppEnv } from "../app-env";
import { cachedQuery } from "./cached-query";
import {
  type Collection,
  type Entity,
  type MediaCollection,
  type MediaResponse,
  unwrapMedia,
  unwrapMediaList,
} from "./strapi-shapes";

/** Catalogue records: categories, brands (maker), product lines (model), products. */
interface CategoryAttributes {
  name: string;
  slug: string;
  description: string | null;
  productCount: number;
  image: MediaResponse;
}
interface BrandAttributes {
  name: string;
  slug: string;
  description: string | null;
  colour: string | null;
  logo: MediaResponse;
  productCount: number;
  productLines: { data: Entity<{ name: string; slug: string }>[] };
}
interface NamedRef {
  data: { attributes: { name: string; slug: string } } | null;
}
interface VariantAttributes {
  name: string;
  kind: VariantKind;
  sku: string;
  price: number;
  oldPrice: number | null;
  swatch: string | null;
  image: MediaResponse;
  availability: Availability | null;
}
interface ProductAttributes {
  name: string;
  locale: string | null;
  slug: string;
  sku: string;
  price: number;
  oldPrice: number | null;
  availability: Availability | null;
  year: number | null;
  volume: string | null;
  brand: NamedRef;
  line: NamedRef;
  category: NamedRef;
  images: MediaCollection;
  variants: VariantAttributes[] | null;
}
interface ProductDetailAttributes extends ProductAttributes {
  description: string | null;
  ingredients: string | null;
  howToUse: string | null;
  publishedAt: string | null;
}

const PRODUCT_FIELDS = `
  name slug sku price oldPrice availability year volume locale
  brand { data { id attributes { name slug } } }
  line { data { id attributes { name slug } } }
  category { data { id attributes { name slug } } }
  images { data { attributes { url alternativeText width height } } }
  variants { name kind sku price oldPrice swatch availability image { data { attributes { url alternativeText width height } } } }
`;

const categoriesQuery = gql<{ categories: Collection<CategoryAttributes> | null }, { locale: string; slug?: string }>`
  query categoriesQuery($locale: I18NLocaleCode, $slug: String) {
    categories(locale: $locale, filters: { slug: { eq: $slug } }, pagination: { pageSize: 100 }) {
      data { id attributes { name slug description productCount image { data { attributes { url alternativeText width height } } } } }
      meta { pagination { total } }
    }
  }
`;

const brandsQuery = gql<{ brands: Collection<BrandAttributes> | null }, { locale: string }>`
  query brandsQuery($locale: I18NLocaleCode) {
    brands(locale: $locale, pagination: { pageSize: 100 }, sort: ["name:asc"]) {
      data { id attributes { name slug description colour productCount
        logo { data { attributes { url alternativeText width height } } }
        productLines { data { id attributes { name slug } } } } }
      meta { pagination { total } }
    }
  }
`;

const productsQuery = gql<
  { products: Collection<ProductAttributes> | null },
  { locale: string; filters: Record<string, unknown>; sort: string[]; page: number; pageSize: number }
>`
  query productsQuery($locale: I18NLocaleCode, $filters: ProductFiltersInput, $sort: [String], $page: Int, $pageSize: Int) {
    products(locale: $locale, filters: $filters, sort: $sort, pagination: { page: $page, pageSize: $pageSize }) {
      data { id attributes { ${PRODUCT_FIELDS} } }
      meta { pagination { page pageSize pageCount total } }
    }
  }
`;

const productQuery = gql<{ products: Collection<ProductDetailAttributes> | null }, { locale: string; slug: string }>`
  query productQuery($locale: I18NLocaleCode, $slug: String) {
    products(locale: $locale, filters: { slug: { eq: $slug } }, pagination: { pageSize: 1 }) {
      data { id attributes { ${PRODUCT_FIELDS} description ingredients howToUse publishedAt } }
      meta { pagination { total } }
    }
  }
`;

function ref(r: NamedRef): { name: string; slug: string } | null {
  return r.data ? { name: r.data.attributes.name, slug: r.data.attributes.slug } : null;
}

function toVariant(env: Env, v: VariantAttributes, product: Availability): ProductVariant {
  return {
    name: v.name,
    kind: v.kind,
    sku: v.sku,
    price: v.price,
    oldPrice: v.oldPrice,
    swatch: safeSwatch(v.swatch),
    image: unwrapMedia(env, v.image),
    availability: v.availability ?? product,
  };
}

function toSummary(env: Env, e: Entity<ProductAttributes>): ProductSummary {
  const a = e.attributes;
  const availability = a.availability ?? "none";
  return {
    id: e.id,
    name: a.name,
    slug: a.slug,
    sku: a.sku,
    price: a.price,
    oldPrice: a.oldPrice,
    availability,
    year: a.year,
    volume: a.volume,
    brand: ref(a.brand),
    line: ref(a.line),
    category: ref(a.category),
    images: unwrapMediaList(env, a.images),
    variants: (a.variants ?? []).map((v) => toVariant(env, v, availability)),
    locale: a.locale ?? null,
  };
}

function toPage<A, T>(collection: Collection<A> | null | undefined, map: (e: Entity<A>) => T): Page<T> {
  const p = collection?.meta.pagination;
  return {
    items: (collection?.data ?? []).map(map),
    page: p?.page ?? 1,
    pageSize: p?.pageSize ?? 0,
    pageCount: p?.pageCount ?? 0,
    total: p?.total ?? 0,
  };
}

function toCategory(env: Env, e: Entity<CategoryAttributes>): Category {
  return {
    id: e.id,
    name: e.attributes.name,
    slug: e.attributes.slug,
    description: e.attributes.description,
    productCount: e.attributes.productCount,
    image: unwrapMedia(env, e.attributes.image),
  };
}

export async function getCategories(c: Context<AppEnv>, locale: string): Promise<Category[]> {
  const data = await cachedQuery(c, categoriesQuery, { locale }, "categoriesQuery");
  return (data?.categories?.data ?? []).map((e) => toCategory(c.env, e));
}

export async function getCategory(c: Context<AppEnv>, locale: string, slug: string): Promise<Category | null> {
  const data = await cachedQuery(c, categoriesQuery, { locale, slug }, "categoriesQuery");
  const e = data?.categories?.data[0];
  return e ? toCategory(c.env, e) : null;
}

export interface BrandWithLines extends Brand {
  /** `#rgb` or `#rrggbb` only (safeSwatch): it goes into a style attribute. */
  colour: string | null;
  productCount: number;
  lines: ProductLine[];
}

export async function getBrands(c: Context<AppEnv>, locale: string): Promise<BrandWithLines[]> {
  const { env } = c;
  const data = await cachedQuery(c, brandsQuery, { locale }, "brandsQuery");
  return (data?.brands?.data ?? []).map((e) => ({
    id: e.id,
    name: e.attributes.name,
    slug: e.attributes.slug,
    description: e.attributes.description,
    colour: safeSwatch(e.attributes.colour),
    productCount: e.attributes.productCount,
    logo: unwrapMedia(env, e.attributes.logo),
    lines: e.attributes.productLines.data.map((l) => ({
      id: l.id,
      name: l.attributes.name,
      slug: l.attributes.slug,
      brandSlug: e.attributes.slug,
    })),
  }));
}

/** One brand by its slug (from the cached list: a shop has tens of brands, not thousands). */
export async function getBrand(c: Context<AppEnv>, locale: string, slug: string): Promise<BrandWithLines | null> {
  return (await getBrands(c, locale)).find((b) => b.slug === slug) ?? null;
}

/** Most popular first; the id breaks ties so both CMSs page identically. */
const DEFAULT_PRODUCT_SORT = ["popularity:desc", "id:asc"];

export interface ProductQuery {
  /** Strapi ProductFiltersInput. */
  filters?: Record<string, unknown>;
  sort?: string[];
  page?: number;
  pageSize?: number;
}

/** A page of products; null when the CMS could not answer (the page says so instead of a 500). */
export async function getProducts(
  c: Context<AppEnv>,
  locale: string,
  query: ProductQuery,
): Promise<Page<ProductSummary> | null> {
  const { env } = c;
  const data = await cachedQuery(
    c,
    productsQuery,
    {
      locale,
      filters: query.filters ?? {},
      // Always an explicit order: with none, Strapi returns rows in storage order.
      sort: query.sort?.length ? query.sort : DEFAULT_PRODUCT_SORT,
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 24,
    },
    "productsQuery",
  );
  if (!data) return null;
  return toPage(data.products, (e) => toSummary(env, e));
}

export async function getProduct(c: Context<AppEnv>, locale: string, slug: string): Promise<Product | null> {
  const { env } = c;
  const data = await cachedQuery(c, productQuery, { locale, slug }, "productQuery");
  const e = data?.products?.data[0];
  if (!e) return null;
  return {
    ...toSummary(env, e),
    description: e.attributes.description ?? "",
    ingredients: e.attributes.ingredients,
    howToUse: e.attributes.howToUse,
    publishedAt: e.attributes.publishedAt,
  };
}

/**
 * The products with these slugs (at most 100), for the bag and favourites; null when the CMS gave no
 * answer, which is not "none of them exists": a bag must not say its products are gone or sold out
 * because the CMS was down (decision 0101).
 */
export async function getProductsBySlugs(
  c: Context<AppEnv>,
  locale: string,
  slugs: string[],
): Promise<ProductSummary[] | null> {
  if (slugs.length === 0) return [];
  const page = await getProducts(c, locale, { filters: { slug: { in: slugs.slice(0, 100) } }, pageSize: 100 });
  return page?.items ?? null;
}
