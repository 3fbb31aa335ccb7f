/**
 * What a page's JSON-LD must be, checked on the page as served (decision 0105): every block parses,
 * every typed node has the properties Google's structured-data documentation requires for its type,
 * and every page URL it names is in the page's language. Plain TypeScript, no workerd: the real-Strapi
 * suite (tests/strapi/arabic.test.ts) reads pages with it too.
 */

export type Node = Record<string, unknown>;

/** Every `<script type="application/ld+json">` block of a page, parsed (a block that does not parse throws). */
export function jsonLdBlocks(html: string): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => {
    try {
      return JSON.parse(m[1] as string) as Node;
    } catch (error) {
      throw new Error(`A JSON-LD block does not parse: ${(m[1] as string).slice(0, 120)}… (${error})`);
    }
  });
}

/** Every node with an `@type`, the blocks themselves and those nested in them. */
export function typedNodes(value: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(value)) for (const v of value) typedNodes(v, found);
  else if (value && typeof value === "object") {
    if ("@type" in value) found.push(value as Node);
    for (const v of Object.values(value)) typedNodes(v, found);
  }
  return found;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);
const isUrl = (v: unknown) => typeof v === "string" && /^https?:\/\/[^\s]+$/.test(v);
const RASTER = /\.(png|jpe?g|webp|gif)(\?.*)?$/i;

/** The problems of one node: its type's required properties that are missing or malformed. */
export function problemsOf(node: Node): string[] {
  const type = String(node["@type"]);
  const need = (...keys: string[]) => keys.filter((k) => !present(node[k])).map((k) => `${type} without ${k}`);
  const url = (key: string) => (present(node[key]) && !isUrl(node[key]) ? [`${type}.${key} is not a URL`] : []);
  switch (type) {
    case "Product": {
      const any = ["offers", "review", "aggregateRating"].some((k) => present(node[k]));
      return [...need("name"), ...(any ? [] : ["Product without offers, review or aggregateRating"])];
    }
    case "ProductGroup":
      return [...need("name", "url", "hasVariant", "productGroupID"), ...url("url")];
    case "Offer":
      return [...need("price", "priceCurrency", "availability", "url"), ...url("url")];
    case "AggregateRating":
      return need("ratingValue", "reviewCount");
    case "BreadcrumbList": {
      const items = (node.itemListElement as Node[] | undefined) ?? [];
      const positions = items.map((i) => i.position);
      const inOrder = positions.every((p, i) => p === i + 1);
      return [...need("itemListElement"), ...(inOrder ? [] : [`BreadcrumbList positions ${positions.join(",")}`])];
    }
    case "ListItem":
      return [...need("position", "name", "item"), ...url("item")];
    case "BlogPosting": {
      const page = node.mainEntityOfPage as Node | string | undefined;
      const pageUrl = typeof page === "string" ? page : page?.["@id"];
      return [
        ...need("headline", "image", "datePublished", "dateModified", "author", "publisher", "inLanguage"),
        ...(isUrl(pageUrl) ? [] : ["BlogPosting without mainEntityOfPage"]),
      ];
    }
    case "Organization": {
      const logo = node.logo as Node | string | undefined;
      const logoUrl = typeof logo === "string" ? logo : logo?.url;
      return [
        ...need("name", "url", "logo"),
        ...url("url"),
        ...(typeof logoUrl === "string" && RASTER.test(logoUrl) ? [] : [`Organization logo ${logoUrl} is no raster`]),
      ];
    }
    case "ImageObject":
      return [...need("url"), ...url("url")];
    case "PostalAddress":
      return need("addressCountry");
    case "ContactPoint":
      return need("telephone", "contactType");
    case "WebSite":
      return [...need("name", "url", "inLanguage"), ...url("url")];
    case "Brand":
      return need("name");
    case "SearchAction":
    case "EntryPoint":
    case "WebPage":
      return [];
    default:
      return [`${type}: a type this check does not know (add its required properties here)`];
  }
}

/** Every string in a value, with the key it was found under. */
function strings(value: unknown, key = "", found: [string, string][] = []): [string, string][] {
  if (typeof value === "string") found.push([key, value]);
  else if (Array.isArray(value)) for (const v of value) strings(v, key, found);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) strings(v, k, found);
  return found;
}

/** A file (a picture, the logo): the same in every language, so no prefix. */
const FILE = /\.(png|jpe?g|webp|gif|svg)(\?.*)?$/i;

/**
 * The language problems of a page's blocks: an `inLanguage` that is not the page's, a URL on the
 * shop that is not in the page's language (on an Arabic page: not under `/ar`; on an English one:
 * under it). Files are the same in every language and are left alone.
 */
export function languageProblems(blocks: Node[], origin: string, locale: "en" | "ar"): string[] {
  const problems: string[] = [];
  const arabic = new RegExp(`^${origin.replace(/[.]/g, "\\.")}/ar(?=$|[/?#])`);
  for (const [key, value] of strings(blocks)) {
    if (key === "inLanguage" && value !== locale) problems.push(`inLanguage "${value}" on a page in ${locale}`);
    if (!value.startsWith(origin) || FILE.test(value)) continue;
    if (locale === "ar" && !arabic.test(value)) problems.push(`${key}: ${value} is not an Arabic page's URL`);
    if (locale === "en" && arabic.test(value)) problems.push(`${key}: ${value} is an Arabic URL on an English page`);
  }
  return problems;
}
