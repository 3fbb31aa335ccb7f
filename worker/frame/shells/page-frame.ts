import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { keep, readKept } from "../../platform/caches/edge-cache";
import { IsolateCache } from "../../platform/caches/isolate-cache";
import { deadlineApart, noteMadeAgainBy } from "../../platform/caches/page-deadline";
import { noteTags, notingApart, shownUnder } from "../../platform/caches/page-tags";
import { backgroundTask } from "../../platform/errors/background-task";
import type { FrameKind } from "../../platform/page-fate";
import { MADE_AGAIN_HEADER, MADE_HEADER, readTags, SHELL_SECONDS, TAGS_HEADER, writeTags } from "./shell-store";
import { outlived, tagsStand } from "./stale-shells";

/*
 * Page frames (decision 0093): a page rendered once for markers where a request's own words go (the path
 * of a 404, the query of a search), kept, and filled per request with the request's words, spelt as
 * a render would spell them. A frame is kept in the Cache API under its own key (shell-store.ts
 * `frameKey`) and held in the isolate, and is judged by the tags its own render noted (noted apart
 * from the route's look-ups), like a shell (decision 0086): a change to what it shows remakes it.
 * A page filled from a frame shows what the frame shows, so a shell kept of it waits on the same tags, and
 * is made again by the frame's deadline (a sale's next start or end on what it shows, decision 0120): a
 * frame past it is made again too.
 * Users: not-found-frame.ts, search-frame.ts.
 */

/** Says an answer was filled from a page frame, and which ("not-found", "search"). */
export const FRAME_HEADER = "X-Page-Frame";

/**
 * This request's answer is `html`, filled from a frame of `kind` at `status` (the route answers it as it
 * is): it says so, and its page's fate says so (decision 0096): it is kept only on its second ask
 * (second-ask.ts), and the page shell takes its text from there rather than reading the answer back.
 */
export function filledFrom(c: Context<AppEnv>, kind: FrameKind, status: 200 | 404, html: string): string {
  const fate = c.get("keeping")?.fate;
  if (fate) {
    fate.status = status;
    fate.filled = { kind, html };
  }
  c.header(FRAME_HEADER, kind);
  return html;
}

export interface PageFrame {
  html: string;
  tags: ReadonlyMap<string, string>;
  /** When it must be made again whatever its tags say (ms, platform/caches/page-deadline.ts), or null. */
  madeAgainBy: number | null;
}

/**
 * The frames this isolate has read or made, by frame key: settled text and tags, the rule of
 * caches/isolate-cache.ts. Judged by their tags on every use like the Cache API's copy, and no older
 * than it may be; a frame's next use then costs no Cache API read (about a fifth of a new unknown
 * slug's answer in the bench). Bounded: 64 pages of about 60 KB.
 */
const frames = new IsolateCache<PageFrame>(64, SHELL_SECONDS * 1000);

/**
 * The frame under `key`, kept (this isolate's or the Cache API's) or rendered now by `render` and
 * kept; null when the render failed or answered another status than `status`.
 */
export async function pageFrame(
  c: Context<AppEnv>,
  key: Request,
  status: number,
  render: () => Promise<Response>,
): Promise<PageFrame | null> {
  return (await keptFrame(c, key)) ?? (await makeFrame(c, key, status, render));
}

/** The frame from this isolate or else the Cache API, when everything it shows still stands. */
async function keptFrame(c: Context<AppEnv>, key: Request): Promise<PageFrame | null> {
  const held = frames.get(key.url)?.value;
  if (held && !outlived(held) && (await tagsStand(c, held.tags))) return showing(c, held);
  frames.delete(key.url);
  // Another isolate may have made the frame anew already.
  const read = await readFrame(key);
  if (!read || outlived(read.frame) || !(await tagsStand(c, read.frame.tags))) return null;
  // Held as old as the copy it was read from: use never renews it.
  frames.set(key.url, read.frame, read.madeAt);
  return showing(c, read.frame);
}

/** The page filled from a frame shows what the frame shows: a shell kept of it waits on the same tags. */
function showing(c: Context<AppEnv>, frame: PageFrame): PageFrame {
  noteTags(c, frame.tags.keys());
  noteMadeAgainBy(c, frame.madeAgainBy);
  return frame;
}

async function readFrame(key: Request): Promise<{ frame: PageFrame; madeAt: number } | null> {
  const kept = await readKept(key);
  if (!kept) return null;
  const again = kept.headers.get(MADE_AGAIN_HEADER);
  const frame = {
    html: await kept.text(),
    tags: readTags(kept.headers.get(TAGS_HEADER)),
    madeAgainBy: again ? Number(again) : null,
  };
  return { frame, madeAt: Number(kept.headers.get(MADE_HEADER)) || Date.now() };
}

/**
 * Renders the frame and keeps it in the background; null when the render failed. Not kept when a
 * version moved on while it rendered (shownUnder), but this request is still answered from it.
 */
async function makeFrame(
  c: Context<AppEnv>,
  key: Request,
  status: number,
  render: () => Promise<Response>,
): Promise<PageFrame | null> {
  const { value: made, madeAgainBy } = await deadlineApart(c, () =>
    notingApart(c, async (part) => {
      const res = await render();
      const html = await res.text();
      // Drawn whole: at the frame's status, and nothing said its render failed (the page's fate hears it, decision 0096).
      const whole = res.status === status && !c.get("keeping")?.fate.against.has("render-failed");
      return { html, whole, tags: whole ? await shownUnder(c, part) : null };
    }),
  );
  if (!made.whole) return null;
  const { html, tags } = made;
  if (tags) {
    const headers = {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": `public, max-age=${SHELL_SECONDS}`,
      [MADE_HEADER]: String(Date.now()),
      [TAGS_HEADER]: writeTags(tags),
      ...(madeAgainBy === null ? {} : { [MADE_AGAIN_HEADER]: String(madeAgainBy) }),
    };
    frames.set(key.url, { html, tags, madeAgainBy });
    backgroundTask(c, keep(key, new Response(html, { headers })));
  }
  return { html, tags: tags ?? new Map(), madeAgainBy };
}
