import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { FLASH_COOKIE, LOCALE_COOKIE } from "../../../shared/cookie-names";
import type { PageQuery } from "../../../shared/routes";
import type { AppEnv } from "../../platform/app-env";
import { everyPageTags, shownUnder } from "../../platform/caches/page-tags";
import { backgroundTask } from "../../platform/errors/background-task";
import { log } from "../../platform/log/log";
import { newFate, type PageFate, spoiltWhileStreaming, whyNotKept } from "../../platform/page-fate";
import { textsOf } from "../i18n/texts";
import { favouriteHearts } from "../personal/favourite-hearts";
import { fillHoles, fillsAny } from "../personal/fill-holes";
import { SHELL_NONCE, setPageNonce } from "../personal/nonce";
import { ownReviews } from "../personal/own-reviews";
import { loadShopperView, mayHaveShopperState } from "../personal/shopper-view";
import { framedNotFound } from "./not-found-frame";
import { ownChangeAt } from "./own-changes";
import { edgeCacheControl, etagMatches, PUBLIC_CACHE_CONTROL, SHELL_STATE_HEADER } from "./page-cache";
import { canonicalUrl, readPageQuery } from "./page-query";
import { releaseRender } from "./render-lock";
import { framedSearch } from "./search-frame";
import { keptOnSecondAsk } from "./second-ask";
import { canRefresh, isShellRefresh, refreshInBackground } from "./shell-refresh";
import { SEARCH_MISS_HEADER, type ShellRecord, type StoredShell, shellKey, storeShell } from "./shell-store";
import { findShell } from "./stale-shells";

/** A shopper's own view of a shared page: never stored by anyone, but fine to keep for back/forward. */
const SHOPPER_CACHE_CONTROL = "private, no-cache";

/** What the kept page asks each view of it to record (the route's middleware take these off). */
function pageNotes(stored: StoredShell): Record<string, string> {
  return stored.searchMiss === null ? {} : { [SEARCH_MISS_HEADER]: stored.searchMiss };
}

/** Through c.body, so cookies prepared on the way (the flash taken) go out with the page. */
async function serveStored(
  c: Context<AppEnv>,
  stored: StoredShell,
  requestNonce: string,
  state: "hit" | "stale",
): Promise<Response> {
  c.header(SHELL_STATE_HEADER, state);
  if (!mayHaveShopperState(c) && stored.status !== 200) {
    // A kept "not found": the kept bytes, kept by no one else (a slug may be published any minute).
    setPageNonce(c, stored.nonce);
    return c.body(stored.body ?? "", stored.status, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": SHOPPER_CACHE_CONTROL,
      Vary: "Cookie",
    });
  }
  if (!mayHaveShopperState(c)) {
    // Nothing of the visitor's own: the kept bytes as they are, with their content nonce and ETag.
    setPageNonce(c, stored.nonce);
    const headers: Record<string, string> = {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PUBLIC_CACHE_CONTROL,
      ETag: stored.etag,
      Vary: "Cookie",
      ...pageNotes(stored),
    };
    // A stale copy is not for the CDN to keep: the page that replaces it is a render away. A page
    // with a sale starting or ending soon is kept at the edge no longer than until then (decision 0120).
    if (state === "hit") headers["CDN-Cache-Control"] = edgeCacheControl(stored.madeAgainBy);
    if (etagMatches(c.req.header("if-none-match"), stored.etag)) {
      await stored.body?.cancel();
      const { "Content-Type": _, ...rest } = headers;
      return c.body(null, 304, rest);
    }
    return c.body(stored.body ?? "", 200, headers);
  }
  const view = await loadShopperView(c, {
    hearts: stored.bodyHoles.has(favouriteHearts.name),
    ownReviews: stored.bodyHoles.has(ownReviews.name),
  });
  const filling = { view, nonce: requestNonce, db: c.env.DB, t: textsOf(c) };
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": SHOPPER_CACHE_CONTROL,
    Vary: "Cookie",
    ...pageNotes(stored),
  };
  // Nothing below `<main>` of this shopper's (rewriting a whole page costs about a millisecond)?
  if (stored.mainAt > 0 && !fillsAny(stored.bodyHoles, filling)) {
    // Only the head and header hold this shopper's parts: rewrite those, pass the rest through as kept.
    const html = await new Response(stored.body).text();
    const top = await fillHoles(new Response(html.slice(0, stored.mainAt)), filling).text();
    return c.body(top + html.slice(stored.mainAt), stored.status, headers);
  }
  const page = fillHoles(new Response(stored.body), filling);
  return c.body(page.body ?? "", stored.status, headers);
}

/**
 * The status the page is kept at, or null. Only a whole, ordinary page is kept: nothing said against it
 * (whyNotKept), the answer the page its fate says was drawn, and no cookie of its own (a page that set
 * one is the shopper's alone). A 404, and a page filled from a frame, only on its second ask
 * (second-ask.ts): a new made-up slug or word each time is never written.
 */
function keptStatus(fate: PageFate, res: Response, key: string): 200 | 404 | null {
  const keepable = res.status === fate.status && whyNotKept(fate) === null ? (fate.status as 200 | 404) : null;
  const status =
    keepable === 200 && fate.filled === null ? 200 : keepable !== null && keptOnSecondAsk(key) ? keepable : null;
  const ownCookies = res.headers
    .getSetCookie()
    .filter((cookie) => !cookie.startsWith(`${LOCALE_COOKIE}=`) && !cookie.startsWith(`${FLASH_COOKIE}=`));
  return ownCookies.length === 0 ? status : null;
}

/**
 * Cached shells, personal holes. A page the same for every shopper is rendered
 * once per (normalised URL, locale, build) and change of what it shows, and kept in the
 * Cache API; every request streams the kept HTML through HTMLRewriter, which
 * fills in the shopper's own parts. On a miss the page renders as for an
 * anonymous visitor (React streaming), one tee of the stream goes to the
 * shopper through the same filler and the other into the cache: streaming's
 * extra CPU is paid once per change, not once per view. After a change the
 * page's copy made before it is served while one background render replaces
 * it (a change to something it shows: the tags its render noted, decision 0086),
 * concurrent misses in an isolate render once, and a 404 for an unknown
 * slug is kept too (stale-shells.ts, render-lock.ts, docs/decisions/0084).
 *
 * Nothing personal can reach a shell: it renders for keeping (decision 0096), drawn for the
 * anonymous view it is given (no user, no bag or favourites owner, a placeholder nonce), while the
 * request's own shopper is left as it is; flash messages and the rest are filled in afterwards, on
 * the copy that goes to the shopper. What the page turned out to be is its fate, read here alone.
 */
export function pageShell(query: PageQuery) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "GET") return next();
    // The query is read once: a value the page cannot use is a 301 to its one spelling, before any
    // copy is looked for or rendered (decision 0085); otherwise that spelling is all the key holds of it.
    const url = new URL(c.req.url);
    const read = readPageQuery(query, url);
    if (read.invalid) return c.redirect(canonicalUrl(url, read), 301);
    c.set("pageQuery", read);
    const key = shellKey(c, read.key);
    const requestNonce = c.get("nonce");
    // The background render of a stale page (shell-refresh.ts) renders; everyone else looks for a kept copy
    // first, unless PAGE_SHELLS_ENABLED = "false": every view a first render (the bench measures what one costs).
    if (!isShellRefresh(c) && c.env.PAGE_SHELLS_ENABLED !== "false") {
      // Search results answer from the index as it is now (decisions 0079, 0086: a renamed or deleted product is
      // found, or not, on the next request), so a search page is never served from a stale copy.
      const found = await findShell(c, key, canRefresh(c) && query !== "search", ownChangeAt(c));
      if (found.state === "stale" && found.refresh) refreshInBackground(c, key.url);
      if (found.state !== "miss") return serveStored(c, found.shell, requestNonce, found.state);
    }

    // The screen renders for keeping: drawn for nobody, with its fate noted on the way (decision 0096).
    const fate = newFate(everyPageTags(c));
    c.set("keeping", {
      viewer: { user: null, nonce: SHELL_NONCE },
      background: isShellRefresh(c),
      fate,
      notFoundFrame: (render) => framedNotFound(c, render),
      searchFrame: (results, q, page, render) => framedSearch(c, results, q, page, render),
    });
    try {
      await next();
    } catch (error) {
      releaseRender(key.url);
      throw error;
    }
    if (!(c.res.headers.get("content-type") ?? "").startsWith("text/html") || !c.res.body) {
      releaseRender(key.url);
      return;
    }
    // Read the shopper's parts first: taking the flash sets a cookie, and that replaces c.res.
    const view = await loadShopperView(c);
    const res = c.res;
    let body = res.body as ReadableStream<Uint8Array>;
    const filled = fate.filled?.html;
    const status = keptStatus(fate, res, key.url);
    if (status !== null) {
      const [mine, kept] = body.tee();
      body = mine;
      const record: ShellRecord = {
        key,
        status,
        tags: () => shownUnder(c, fate.tags ?? new Set()),
        searchMiss: res.headers.get(SEARCH_MISS_HEADER),
        madeAgainBy: () => fate.madeAgainBy,
      };
      backgroundTask(
        c,
        storeShell(c, record, kept, () => spoiltWhileStreaming(fate))
          .catch((error: unknown) => log.error("Keeping a page shell failed", { error }))
          // Settled, kept or not: requests of this isolate waiting for this page look in the cache now.
          .finally(() => releaseRender(key.url)),
      );
    } else {
      releaseRender(key.url);
    }
    const headers = new Headers(res.headers);
    headers.set("Cache-Control", SHOPPER_CACHE_CONTROL);
    headers.set("Vary", "Cookie");
    headers.set(SHELL_STATE_HEADER, "miss");
    headers.delete("Content-Length");
    c.res = undefined;
    if (filled !== undefined && !mayHaveShopperState(c)) {
      // Filled from a frame, the page is text already (filledFrom: not read back from the answer), and this
      // visitor has nothing of their own: as on a kept page served to them (serveStored), the nonce is the
      // only hole, written without a rewriter.
      await body.cancel();
      c.res = new Response(filled.replaceAll(`nonce="${SHELL_NONCE}"`, `nonce="${requestNonce}"`), {
        status: res.status,
        headers,
      });
      return;
    }
    c.res = fillHoles(new Response(body, { status: res.status, headers }), {
      view,
      nonce: requestNonce,
      db: c.env.DB,
      t: textsOf(c),
    });
  });
}
