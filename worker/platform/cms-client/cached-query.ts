import { type AnyVariables, formatDocument, type TypedDocumentNode } from "@urql/core";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { cachedRecord, recordsCached } from "../caches/kv-records";
import { everyPageTags, notesTags, noteTags, recordsTag } from "../caches/page-tags";
import { CONTENT_TAG, tagVersions } from "../caches/versions";
import { createCmsClient, runQuery } from "./client";
import { shownTags } from "./entity-tags";

/**
 * The CMS models each kept record holds entries of (by the query's label): a change of any of them
 * moves the record's key on (kv-records.ts). A product holds its brand, line and category by name;
 * a category or brand counts its products.
 */
const RECORD_MODELS = {
  categoriesQuery: ["category", "product"],
  brandsQuery: ["brand", "product-line", "product"],
  productsQuery: ["product", "brand", "product-line", "category"],
  productQuery: ["product", "brand", "product-line", "category"],
  blogPostsQuery: ["blog-post", "tag"],
  tagsQuery: ["tag"],
  projectsQuery: ["project"],
  pagesQuery: ["page"],
} as const satisfies Record<string, readonly string[]>;

export type RecordLabel = keyof typeof RECORD_MODELS;

/**
 * Each query with `__typename` on every selection, so its answer names its entries and lists
 * (entity-tags.ts). A copy without urql's `__key` and `loc`: given the formatted document as it
 * comes, urql's request keying (by `__key`, else by `loc`'s source text) swaps it back for the first
 * document of that key, the plain one. Made
 * once per document per isolate from module constants (settled, nothing of a request).
 */
const typed = new WeakMap<object, TypedDocumentNode<unknown, AnyVariables>>();

function withTypeNames<Data, Variables extends AnyVariables>(
  document: TypedDocumentNode<Data, Variables>,
): TypedDocumentNode<Data, Variables> {
  let copy = typed.get(document) as TypedDocumentNode<Data, Variables> | undefined;
  if (!copy) {
    const formatted = formatDocument(document);
    copy = { kind: formatted.kind, definitions: formatted.definitions };
    typed.set(document, copy as TypedDocumentNode<unknown, AnyVariables>);
  }
  return copy;
}

/** Every tag a kept record's key is made of: read together, once per request. */
const RECORD_TAGS = [CONTENT_TAG, ...new Set(Object.values(RECORD_MODELS).flat().map(recordsTag))];

/**
 * An answer whose every collection is empty: what a look-up of a slug nobody has, or a search for a
 * word nothing holds, answers. Not kept in KV (decision 0093): a crawler's made-up slugs and words would
 * each be a KV write, paid in every location; the page that showed "not found" is kept at the edge
 * (a kept 404, a kept search page) and answers the same question again.
 */
function foundNothing(answer: unknown): boolean {
  if (answer === null || typeof answer !== "object") return false;
  const fields = Object.values(answer);
  return (
    fields.length > 0 &&
    fields.every((field) => {
      const entries = (field as { data?: unknown } | null)?.data;
      return Array.isArray(entries) && entries.length === 0;
    })
  );
}

/**
 * A GraphQL query's data through the KV record cache (caches/kv-records.ts); null when the CMS
 * failed, which the page rendering for keeping hears (its fate, decisions 0096, 0101): a page drawn
 * then, "not found" or a list left empty, is answered as a 503 and never kept. While a page shell renders, the entries and lists the answer shows
 * are noted on it (entity-tags.ts), so a change to one of them, and only that, refreshes the page.
 */
export async function cachedQuery<Data, Variables extends AnyVariables>(
  c: Context<AppEnv>,
  document: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  label: RecordLabel,
): Promise<Data | null> {
  // Read before the CMS is, in one bulk read: the record's key is made of them, and a change landing
  // during a shell's render then shows as a moved version. Neither applies to a request that reads
  // records from the CMS itself outside a shell render (placing an order).
  // A page's own tags come in the same read: the page (or the frame it is filled from) is judged by them.
  if (recordsCached(c) || notesTags(c))
    await tagVersions(c, c.get("locale") ? [...RECORD_TAGS, ...everyPageTags(c)] : RECORD_TAGS);
  const record = await cachedRecord(
    c,
    label,
    RECORD_MODELS[label],
    variables,
    async () => {
      const answer = await runQuery(createCmsClient({ env: c.env }), withTypeNames(document), variables, label);
      if (answer === null) c.get("keeping")?.fate.against.add("cms-failed");
      return answer;
    },
    { tagsOf: (answer) => shownTags(answer, variables), worthKeeping: (answer) => !foundNothing(answer) },
  );
  if (record === null) return null;
  noteTags(c, record.tags);
  return record.value;
}
