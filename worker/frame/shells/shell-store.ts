import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { keep, readKept } from "../../platform/caches/edge-cache";
import { buildInfo } from "../document/build-info";
import { BODY_FRAGMENTS } from "../personal/fill-holes";
import { SHELL_NONCE, withContentNonce } from "../personal/nonce";
import { strongEtag } from "./page-cache";

/*
 * Page shells in the edge cache (platform/caches/edge-cache.ts). A shell is rendered with a fixed placeholder in every nonce
 * attribute; before it is kept, the placeholder becomes a nonce derived from
 * the page's own content, so an anonymous visitor can be served the kept bytes
 * unchanged, with a strong ETag.
 */

/** Shop-owned parts of public pages (ratings, approved reviews) show within this time. */
export const SHELL_SECONDS = 10 * 60;

const NONCE_HEADER = "X-Shell-Nonce";
/**
 * What a view of the page must record, named by the render and sent with every view of its kept
 * copy: a search that found nothing (frame/routing/route-middleware.ts counts it and takes it off).
 */
export const SEARCH_MISS_HEADER = "X-Page-Search-Miss";
const MAIN_HEADER = "X-Shell-Main";
const BODY_HOLES_HEADER = "X-Shell-Body-Holes";
/** Kept as a 200 (any Cache API takes one); the status the page is served with (200, or 404 for an unknown slug). */
const STATUS_HEADER = "X-Shell-Status";
/** When the shell was made (ms), and the tags of what it shows with their versions then: what it is judged by (stale-shells.ts). */
export const MADE_HEADER = "X-Shell-Made";
export const TAGS_HEADER = "X-Shell-Tags";
/** When (ms) it must be made again whatever its tags say: a sale's next start or end (decision 0120). */
export const MADE_AGAIN_HEADER = "X-Shell-Made-Again-By";

/** Settled per isolate, made on first use (random values can't be made at module scope). */
let localBuild: string | undefined;

/**
 * The deployment a shell belongs to. Deployed, the version metadata names it.
 * Locally (no metadata) a code change restarts the isolate, so a shell lives
 * no longer than the isolate that rendered it.
 */
function shellBuild(env: Env): string {
  const id = buildInfo(env).id;
  if (id !== "local") return id;
  localBuild ??= `local-${crypto.randomUUID()}`;
  return localBuild;
}

/**
 * A page shell's key in the Cache API: the path and the query parameters the page reads, in
 * their one spelling (its route row's `query` in the spelling of page-query.ts, read by page-shell.ts; any other
 * parameter, a campaign's or a crawler's, is left out), the locale and the build. A new deployment
 * asks for new keys; what the page shows is judged by the tags kept with it (stale-shells.ts,
 * decision 0086), so a change refreshes the pages that show it under the same key.
 */
export function shellKey(c: Context<AppEnv>, query: string): Request {
  const url = new URL(c.req.url);
  const scope = [shellBuild(c.env), c.get("locale")].map(encodeURIComponent).join("/");
  return new Request(`${url.origin}/__page-shell/${scope}${url.pathname}${query ? `?${query}` : ""}`);
}

/**
 * A page frame's key (page-frame.ts): its kind ("not-found", "search"), build, locale and what tells
 * the kind's frames apart, under its own prefix, so no asked path's shell key can be the same.
 */
export function frameKey(c: Context<AppEnv>, kind: string, id = ""): Request {
  const scope = [kind, shellBuild(c.env), c.get("locale"), id].map(encodeURIComponent).join("/");
  return new Request(`${new URL(c.req.url).origin}/__page-frame/${scope}`);
}

/** `tag=version,…`, each part URI-encoded. */
export function writeTags(tags: ReadonlyMap<string, string>): string {
  return [...tags].map(([tag, version]) => `${encodeURIComponent(tag)}=${encodeURIComponent(version)}`).join(",");
}

export function readTags(header: string | null): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of (header ?? "").split(",")) {
    const [tag, version] = part.split("=");
    if (tag && version !== undefined) tags.set(decodeURIComponent(tag), decodeURIComponent(version));
  }
  return tags;
}

export interface StoredShell {
  body: ReadableStream<Uint8Array> | null;
  nonce: string;
  etag: string;
  /** Where `<main` starts (in characters), or -1. */
  mainAt: number;
  /** The personal fragments with a hole below `<main>`: most views of most pages need only the head and header filled. */
  bodyHoles: Set<string>;
  /** The search this page found nothing for, to be counted on each view (SEARCH_MISS_HEADER). */
  searchMiss: string | null;
  status: 200 | 404;
  /** When it was made (ms since the epoch), and the tags of what it shows with the versions it was made under. */
  madeAt: number;
  tags: Map<string, string>;
  /** When it must be made again whatever its tags say (ms), or null. */
  madeAgainBy: number | null;
}

export async function matchShell(key: Request): Promise<StoredShell | null> {
  const response = await readKept(key);
  const nonce = response?.headers.get(NONCE_HEADER);
  const etag = response?.headers.get("ETag");
  if (!response || !nonce || !etag) return null;
  const holes = (response.headers.get(BODY_HOLES_HEADER) ?? "").split(",").filter(Boolean);
  return {
    body: response.body,
    nonce,
    etag,
    mainAt: Number(response.headers.get(MAIN_HEADER) ?? -1),
    bodyHoles: new Set(holes),
    searchMiss: response.headers.get(SEARCH_MISS_HEADER),
    status: response.headers.get(STATUS_HEADER) === "404" ? 404 : 200,
    madeAt: Number(response.headers.get(MADE_HEADER) ?? 0),
    tags: readTags(response.headers.get(TAGS_HEADER)),
    madeAgainBy: response.headers.has(MADE_AGAIN_HEADER) ? Number(response.headers.get(MADE_AGAIN_HEADER)) : null,
  };
}

/** What a kept shell is kept as, beside its bytes. */
export interface ShellRecord {
  key: Request;
  status: 200 | 404;
  /**
   * The tags of what it shows with the versions it was made under, asked once the render has
   * streamed to its end (a streaming render reads records until then); null: not to be kept.
   */
  tags: () => Promise<ReadonlyMap<string, string> | null>;
  /** The search this page found nothing for, to be counted on each view (SEARCH_MISS_HEADER). */
  searchMiss: string | null;
  /** When it must be made again whatever its tags say (ms), asked with the tags; null: never for the clock. */
  madeAgainBy: () => number | null;
}

/**
 * Keeps the shell read from `body` (a tee of what the shopper is being sent).
 * Not kept when the render reported an error on the way, or a look-up its streamed
 * parts made failed (`spoilt`, asked once the stream has ended): a broken or
 * degraded page must never be served to everyone.
 */
export async function storeShell(
  c: Context<AppEnv>,
  record: ShellRecord,
  body: ReadableStream<Uint8Array>,
  spoilt: () => boolean,
): Promise<void> {
  const html = await new Response(body).text();
  if (spoilt()) return;
  const tags = await record.tags();
  if (tags === null) return;
  const { html: page, nonce } = await withContentNonce(c, html, SHELL_NONCE);
  const mainAt = page.indexOf("<main");
  const below = mainAt === -1 ? page : page.slice(mainAt);
  const holes = BODY_FRAGMENTS.filter(({ mark }) => mark !== undefined && below.includes(mark)).map(({ name }) => name);
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": `public, max-age=${SHELL_SECONDS}`,
    ETag: await strongEtag(page),
    [NONCE_HEADER]: nonce,
    [MAIN_HEADER]: String(mainAt),
    [BODY_HOLES_HEADER]: holes.join(","),
    [STATUS_HEADER]: String(record.status),
    [MADE_HEADER]: String(Date.now()),
    [TAGS_HEADER]: writeTags(tags),
  });
  if (record.searchMiss !== null) headers.set(SEARCH_MISS_HEADER, record.searchMiss);
  const madeAgainBy = record.madeAgainBy();
  if (madeAgainBy !== null) headers.set(MADE_AGAIN_HEADER, String(madeAgainBy));
  await keep(record.key, new Response(page, { headers }));
}
