import type { Context } from "hono";
import { requireSecret } from "../../../shared/secrets";
import type { AppEnv } from "../../platform/app-env";
import { keep, readKept } from "../../platform/caches/edge-cache";
import { contentNonce, strongEtag } from "./page-validators";

/**
 * Page shells in the edge cache (platform/caches/edge-cache.ts). A shell is rendered with a fixed placeholder in every nonce
 * attribute; before it is kept, the placeholder becomes a nonce derived from
 * the page's own content, so an anonymous visitor can be served the kept bytes
 * unchanged, with a strong ETag.
 */
export const SHELL_NONCE = "page-shell-nonce-placeholder";

/** Shop-owned parts of public pages (ratings, approved reviews) show within this time. */
export const SHELL_SECONDS = 10 * 60;

const NONCE_HEADER = "X-Shell-Nonce";
const MAIN_HEADER = "X-Shell-Main";
const BODY_HOLES_HEADER = "X-Shell-Body-Holes";

/** What below `<main>` may need filling: most views of most pages need only the head and header. */
export type BodyHole = "favourite" | "flash" | "own-reviews" | "review-identity" | "alert-email" | "nonce";
const BODY_HOLE_MARKS: Record<BodyHole, string> = {
  favourite: "data-favourite=",
  flash: 'data-hole="flash"',
  "own-reviews": 'data-hole="own-reviews"',
  "review-identity": 'data-hole="review-identity"',
  "alert-email": 'data-hole="alert-email"',
  nonce: " nonce=",
};

export interface StoredShell {
  body: ReadableStream<Uint8Array> | null;
  nonce: string;
  etag: string;
  /** Where `<main` starts (in characters), or -1. */
  mainAt: number;
  bodyHoles: Set<BodyHole>;
}

export async function matchShell(key: Request): Promise<StoredShell | null> {
  const response = await readKept(key);
  const nonce = response?.headers.get(NONCE_HEADER);
  const etag = response?.headers.get("ETag");
  if (!response || !nonce || !etag) return null;
  const holes = (response.headers.get(BODY_HOLES_HEADER) ?? "").split(",").filter(Boolean) as BodyHole[];
  return {
    body: response.body,
    nonce,
    etag,
    mainAt: Number(response.headers.get(MAIN_HEADER) ?? -1),
    bodyHoles: new Set(holes),
  };
}

/**
 * Keeps the shell read from `body` (a tee of what the shopper is being sent).
 * Not kept when the render reported an error on the way: a broken page must
 * never be served to everyone.
 */
export async function storeShell(
  c: Context<AppEnv>,
  key: Request,
  body: ReadableStream<Uint8Array>,
  renderFailed: () => boolean,
): Promise<void> {
  const html = await new Response(body).text();
  if (renderFailed()) return;
  const nonce = await contentNonce(requireSecret(c.env, "COOKIE_SECRET"), html, SHELL_NONCE);
  const page = html.replaceAll(SHELL_NONCE, nonce);
  const mainAt = page.indexOf("<main");
  const below = mainAt === -1 ? page : page.slice(mainAt);
  const holes = (Object.keys(BODY_HOLE_MARKS) as BodyHole[]).filter((hole) => below.includes(BODY_HOLE_MARKS[hole]));
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": `public, max-age=${SHELL_SECONDS}`,
    ETag: await strongEtag(page),
    [NONCE_HEADER]: nonce,
    [MAIN_HEADER]: String(mainAt),
    [BODY_HOLES_HEADER]: holes.join(","),
  });
  await keep(key, new Response(page, { headers }));
}
