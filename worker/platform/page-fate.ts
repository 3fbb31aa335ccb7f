/*
 * A page's fate (decision 0096): what a shared page rendered for keeping turned out to be, in one
 * value the page shell makes (frame/shells/page-shell.ts) and reads once the screen has answered.
 * Each part has one kind of writer, named on the part; nothing else about the render is kept on the
 * request. Types only: the context holds the value (app-env.ts `keeping`), and this file knows no
 * context, so the platform, the frame and the screens can all name it.
 */

/** The page frames a page rendered for keeping may be filled from (frame/shells/page-frame.ts). */
export type FrameKind = "not-found" | "search";

/** Why a page drawn at a status that may be kept (200, 404) is not kept. */
export type NotKept =
  /** The streaming render reported an error: a broken page is never served to everyone. */
  | "render-failed"
  /**
   * A CMS query had no answer while the page was drawn: what it shows (an empty list, "not found")
   * may only mean the CMS was down (decisions 0084, 0101).
   */
  | "cms-failed"
  /** A D1 call failed while the page was drawn: what it read is missing from it (decision 0101). */
  | "db-failed"
  /** A 404 that records the isolate holds told: a fill costs less than keeping it (decision 0095). */
  | "told-by-held-records";

export interface PageFate {
  /**
   * The status the page was drawn with: frame/document/render-page.tsx as it answers, and a page
   * frame's fill (frame/shells/page-frame.ts). 0 while nothing is drawn.
   */
  status: number;
  /**
   * The tags of what the page shows, noted while it renders (platform/caches/page-tags.ts alone
   * writes them: every CMS answer, the shop's own tables, a frame's tags); null while a value held
   * beyond this request is read (`unnoted`). Noted until the render has streamed to its end.
   */
  tags: Set<string> | null;
  /**
   * What was said against keeping it, by whoever knew: the render (render-failed), the CMS client and
   * the layout's records (cms-failed), the request's D1 (db-failed), the 404 page
   * (told-by-held-records). Read through `whyNotKept`, and `lookupFailed`.
   */
  readonly against: Set<NotKept>;
  /**
   * The instant (ms) by which the kept page must be made again whatever the versions say: the next
   * start or end of a sale it shows or could show (platform/caches/page-deadline.ts alone writes it,
   * decision 0120); null when nothing it shows changes with the clock.
   */
  madeAgainBy: number | null;
  /** The page's text when it was filled from a page frame (frame/shells/page-frame.ts): kept only on its second ask (decision 0093). */
  filled: { kind: FrameKind; html: string } | null;
}

/** A fate for a page about to render, showing at least `tags` (every page of its locale shows them). */
export function newFate(tags: Iterable<string>): PageFate {
  return { status: 0, tags: new Set(tags), against: new Set(), filled: null, madeAgainBy: null };
}

/**
 * Whether a look-up the page drew on failed (the CMS or D1): the page is never kept, and is answered
 * as a 503 the shopper may try again (decision 0101), not as the good page or the "not found" it
 * looks like.
 */
export function lookupFailed(fate: PageFate | undefined): boolean {
  return fate !== undefined && (fate.against.has("cms-failed") || fate.against.has("db-failed"));
}

/** Why the page may not be kept at its status, or null when it may (a 404, or a filled page, on its second ask). */
export function whyNotKept(fate: PageFate): NotKept | "status" | null {
  if (fate.status !== 200 && fate.status !== 404) return "status";
  if (fate.against.has("render-failed")) return "render-failed";
  if (fate.against.has("cms-failed")) return "cms-failed";
  if (fate.against.has("db-failed")) return "db-failed";
  if (fate.status === 404 && fate.against.has("told-by-held-records")) return "told-by-held-records";
  return null;
}

/** Whether something said while the page streamed spoils the copy being kept: its render failed, or a look-up. */
export function spoiltWhileStreaming(fate: PageFate): boolean {
  return fate.against.has("render-failed") || lookupFailed(fate);
}

/** Where the request's own words go in a frame: the 404 page's path and query (frame/document/render-page.tsx `PathHoles`). */
interface Holes {
  path: string;
  query: string;
}

/**
 * A shared page rendering for keeping (frame/shells/page-shell.ts makes it, once, before the screen
 * runs, and it stays for the rest of the request). Who the page is drawn for is given here, not
 * taken from the request: nobody.
 */
export interface KeptRender {
  /** The anonymous view the page is drawn for: no user, no bag or favourites owner, a placeholder nonce (platform/session/viewer.ts). */
  readonly viewer: { readonly user: null; readonly nonce: string };
  /** A background refresh of a stale page (frame/shells/shell-refresh.ts): nobody waits for its bytes, so it renders to a string. */
  readonly background: boolean;
  readonly fate: PageFate;
  /** The 404 page filled from its locale's frame, or null when no frame fits the path; `render` draws the 404 page for the frame's markers. */
  readonly notFoundFrame: (render: (holes: Holes) => Promise<Response>) => Promise<string | null>;
  /** The search page for `q` filled from the frame of its results, or null; `render` draws it for the frame's marker words. */
  readonly searchFrame: (
    results: string,
    q: string,
    page: number,
    render: (shown: string, holes: Holes) => Promise<Response>,
  ) => Promise<string | null>;
}
