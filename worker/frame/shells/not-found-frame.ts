import type { Context } from "hono";
import { escapeHtml } from "../../../shared/escape-html";
import { isLocalisedPath } from "../../../shared/locale-path";
import type { AppEnv } from "../../platform/app-env";
import { backgroundTask } from "../../platform/background-task";
import { keep, readKept } from "../../platform/caches/edge-cache";
import { IsolateCache } from "../../platform/caches/isolate-cache";
import { noteTags, notingApart, shownUnder } from "../../platform/caches/page-tags";
import { type PathHoles, switchQuery } from "../document/render-page";
import { notFoundFrameKey } from "./shell-key";
import { MADE_HEADER, readTags, SHELL_SECONDS, TAGS_HEADER, writeTags } from "./shell-store";
import { tagsStand } from "./stale-shells";

/*
 * The 404 page's frame, kept once per build and locale (issue 22). A crawler asking a new unknown
 * slug each time, or a listing's page past the last, would cost a page render every time; with
 * the frame it costs the look-up that said "not found" and a fill. The frame is the 404 page
 * rendered for marker path and query (FRAME_HOLES); a request puts its own in, escaped as React
 * escapes text and attributes, so the answer is the page a render would have made
 * (tests/worker/not-found-frame.test.ts). The frame is judged by the tags its own render noted
 * (noted apart from the route's slug look-up), like a shell (decision 0086): a menu change in its
 * locale remakes it. A 404 filled from it and kept under its URL waits on the frame's tags and on
 * what its route looked up (a kept 404 is asked anew when an entry with its slug is created).
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
  const frame = (await keptFrame(c)) ?? (await makeFrame(c, render));
  return frame ? fillFrame(frame, path, switchQuery(c)) : null;
}

interface NotFoundFrame {
  html: string;
  tags: ReadonlyMap<string, string>;
}

/**
 * The frames this isolate has read or made, by frame key (build, locale): settled text and tags, the
 * rule of caches/isolate-cache.ts. Judged by their tags on every use like the Cache API's copy, and no
 * older than it may be; a new unknown slug then costs no Cache API read for its frame (about a fifth
 * of what the answer cost in the bench).
 */
const frames = new IsolateCache<NotFoundFrame>(16, SHELL_SECONDS * 1000);

/** The locale's frame, from this isolate or else the Cache API, when everything it shows still stands. */
async function keptFrame(c: Context<AppEnv>): Promise<NotFoundFrame | null> {
  const key = notFoundFrameKey(c);
  const held = frames.get(key.url)?.value;
  if (held && (await tagsStand(c, held.tags))) return showing(c, held);
  frames.delete(key.url);
  // Another isolate may have made the frame anew already.
  const read = await readFrame(key);
  if (!read || !(await tagsStand(c, read.frame.tags))) return null;
  // Held as old as the copy it was read from: use never renews it.
  frames.set(key.url, read.frame, read.madeAt);
  return showing(c, read.frame);
}

/** The page filled from a frame shows what the frame shows: a shell kept of it waits on the same tags. */
function showing(c: Context<AppEnv>, frame: NotFoundFrame): NotFoundFrame {
  noteTags(c, frame.tags.keys());
  return frame;
}

async function readFrame(key: Request): Promise<{ frame: NotFoundFrame; madeAt: number } | null> {
  const kept = await readKept(key);
  if (!kept) return null;
  const frame = { html: await kept.text(), tags: readTags(kept.headers.get(TAGS_HEADER)) };
  return { frame, madeAt: Number(kept.headers.get(MADE_HEADER)) || Date.now() };
}

/**
 * Renders the frame (`render` draws the 404 page for FRAME_HOLES) and keeps it in the background;
 * null when the render failed. Not kept when a version moved on while it rendered (shownUnder).
 */
async function makeFrame(
  c: Context<AppEnv>,
  render: (holes: PathHoles) => Promise<Response>,
): Promise<NotFoundFrame | null> {
  const made = await notingApart(c, async () => {
    const res = await render(FRAME_HOLES);
    const html = await res.text();
    const whole = res.status === 404 && c.get("renderFailed") !== true;
    return { html, whole, tags: whole ? await shownUnder(c) : null };
  });
  if (!made.whole) return null;
  const { html, tags } = made;
  if (tags) {
    const headers = {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": `public, max-age=${SHELL_SECONDS}`,
      [MADE_HEADER]: String(Date.now()),
      [TAGS_HEADER]: writeTags(tags),
    };
    const key = notFoundFrameKey(c);
    frames.set(key.url, { html, tags });
    backgroundTask(c, keep(key, new Response(html, { headers })));
  }
  return { html, tags: tags ?? new Map() };
}

/** The 404 page for `path` (no locale prefix; frameFits) and the query the language switch carries. */
function fillFrame(frame: NotFoundFrame, path: string, query: string): string {
  return frame.html
    .replaceAll(`?${FRAME_HOLES.query}`, query ? `?${escapeHtml(query)}` : "")
    .replaceAll(FRAME_HOLES.path, path);
}
