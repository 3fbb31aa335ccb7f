import type { Context } from "hono";
import { escapeHtml } from "../../../shared/escape-html";
import { isLocalisedPath } from "../../../shared/locale-path";
import type { AppEnv } from "../../platform/app-env";
import { type PathHoles, switchQuery } from "../document/render-page";
import { filledFrom, type PageFrame, pageFrame } from "./page-frame";
import { frameKey } from "./shell-store";

/*
 * The 404 page's frame, kept once per build and locale (decision 0093). A crawler asking a new unknown
 * slug each time, or a listing's page past the last, would cost a page render every time; with
 * the frame it costs the look-up that said "not found" and a fill. The frame is the 404 page
 * rendered for marker path and query (FRAME_HOLES); a request puts its own in, escaped as React
 * escapes text and attributes, so the answer is the page a render would have made
 * (tests/worker/not-found-frame.test.ts). The frame is kept and judged as every page frame is
 * (page-frame.ts): a menu change in its locale remakes it. A 404 filled from it and kept under its
 * URL waits on the frame's tags and on what its route looked up (a kept 404 is asked anew when an
 * entry with its slug is created).
 */

/** Markers that survive every place the 404 page writes its path: text, an absolute canonical URL, a link under a prefix. */
export const FRAME_HOLES: PathHoles = { path: "/__not-found-path__", query: "__not-found-query__" };

/**
 * A path the frame can take as it is: the characters a URL's path writes unescaped and React too.
 * Anything else (percent escapes, which the router decodes, quotes, …) is rendered the ordinary way,
 * so the frame never has to agree with the URL parser and React on how to write it.
 */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~/]*$/;

function frameFits(path: string): boolean {
  return path !== "/" && isLocalisedPath(path) && PLAIN_PATH.test(path) && !path.includes(FRAME_HOLES.path);
}

/**
 * The 404 page for this request filled from the locale's frame (kept, or rendered now by `render`
 * and kept), or null: the path does not fit a frame, or the frame's render failed.
 */
export async function framedNotFound(
  c: Context<AppEnv>,
  render: (holes: PathHoles) => Promise<Response>,
): Promise<string | null> {
  const path = c.req.path;
  if (!frameFits(path)) return null;
  const frame = await pageFrame(c, frameKey(c, "not-found"), 404, () => render(FRAME_HOLES));
  if (!frame) return null;
  return filledFrom(c, "not-found", 404, fillFrame(frame, path, switchQuery(c)));
}

/** The 404 page for `path` (no locale prefix; frameFits) and the query the language switch carries. */
function fillFrame(frame: PageFrame, path: string, query: string): string {
  return frame.html
    .replaceAll(`?${FRAME_HOLES.query}`, query ? `?${escapeHtml(query)}` : "")
    .replaceAll(FRAME_HOLES.path, path);
}
