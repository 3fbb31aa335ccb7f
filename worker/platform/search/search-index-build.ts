import { NORMALISER_VERSION } from "../../../shared/search-words";
import type { ShopBindings } from "../app-env";
import { SEARCH_TAG } from "../caches/page-tags";
import { bumpTags } from "../caches/versions";
import { loadNameDocuments, loadSearchDocuments } from "./search-documents";
import {
  putNameStatements,
  putProductStatements,
  removeNameStatements,
  removeProductStatements,
  runInBatches,
} from "./search-index-store";

/**
 * The whole index, built from the CMS when it has never been built or was marked stale (a seed,
 * `npm run search:reindex`). The first search after that builds it; a lease in `search_state`
 * makes concurrent first searches build it once: the others wait for it while the index is
 * empty, or search the old one meanwhile. No promise is shared between requests. The index records
 * the version of the text normaliser it was built with (shared/search-words.ts NORMALISER_VERSION,
 * migrations/0117_search_in_arabic.sql): built with another, it counts as never built, so the first
 * search after a deploy that changes how words are folded rebuilds it, and a whole rebuild moves
 * search's version on, so no search page kept from the old words is shown again.
 */
const LEASE_MS = 60_000;
const WAIT_STEP_MS = 100;
const WAIT_MAX_MS = 8_000;

interface SearchState {
  built_at: number | null;
  normaliser: number | null;
}

function isBuilt(state: SearchState | null | undefined): boolean {
  return state?.built_at != null && state.normaliser === NORMALISER_VERSION;
}

/** Whether the index has been built whole by this normaliser, as a statement to batch with a search's own. */
export function builtStatement(db: D1Database): D1PreparedStatement {
  return db.prepare("SELECT built_at, normaliser FROM search_state WHERE id = 1");
}

export function readBuilt(result: D1Result<unknown> | undefined): boolean {
  return isBuilt(result?.results[0] as SearchState | undefined);
}

async function readState(db: D1Database): Promise<SearchState | null> {
  return builtStatement(db).first<SearchState>();
}

async function takeLease(db: D1Database, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE search_state SET building_since = ?1
       WHERE id = 1 AND (built_at IS NULL OR normaliser IS NOT ?3) AND (building_since IS NULL OR building_since < ?2)`,
    )
    .bind(now, now - LEASE_MS, NORMALISER_VERSION)
    .run();
  return result.meta.changes === 1;
}

async function indexIsEmpty(db: D1Database): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM search_documents LIMIT 1").first()) === null;
}

/**
 * Puts every published product, brand and category in, then takes out what the CMS no longer
 * has; true when done. Existing rows are replaced one by one, so searches meanwhile find the
 * old entry or the new, never nothing.
 */
export async function rebuildSearchIndex(env: ShopBindings): Promise<boolean> {
  const [documents, names] = await Promise.all([loadSearchDocuments(env), loadNameDocuments(env)]);
  if (!documents || !names) return false;
  const db = env.DB;
  await runInBatches(db, [...putProductStatements(db, documents), ...putNameStatements(db, names)]);
  const keptProducts = new Set(documents.map((d) => d.productId));
  const keptNames = new Set(names.map((n) => n.rowid));
  const [products, nameRows] = await Promise.all([
    db.prepare("SELECT product_id AS id FROM search_documents").all<{ id: number }>(),
    db.prepare("SELECT rowid AS id FROM search_names").all<{ id: number }>(),
  ]);
  await runInBatches(db, [
    ...removeProductStatements(
      db,
      products.results.map((r) => r.id).filter((id) => !keptProducts.has(id)),
    ),
    ...removeNameStatements(
      db,
      nameRows.results.map((r) => r.id).filter((id) => !keptNames.has(id)),
    ),
    db
      .prepare("UPDATE search_state SET built_at = ?1, building_since = NULL, normaliser = ?2 WHERE id = 1")
      .bind(Date.now(), NORMALISER_VERSION),
  ]);
  await bumpTags(env.CMS_CACHE, [SEARCH_TAG]);
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes sure the index has been built before a search reads it (see the comment above). False
 * when there is no index to search: never built, and the CMS failed to answer for it just now.
 */
export async function ensureSearchIndex(env: ShopBindings): Promise<boolean> {
  const db = env.DB;
  if (isBuilt(await readState(db))) return true;
  if (await takeLease(db, Date.now())) {
    if (await rebuildSearchIndex(env)) return true;
    await db.prepare("UPDATE search_state SET building_since = NULL WHERE id = 1").run();
    return !(await indexIsEmpty(db));
  }
  for (let waited = 0; waited < WAIT_MAX_MS && (await indexIsEmpty(db)); waited += WAIT_STEP_MS) {
    if (isBuilt(await readState(db))) return true;
    await sleep(WAIT_STEP_MS);
  }
  return !(await indexIsEmpty(db));
}
