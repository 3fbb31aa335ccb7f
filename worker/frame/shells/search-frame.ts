import type { Context } from "hono";
import { shortDigest } from "../../../shared/bytes";
import { routePath } from "../../../shared/links";
import type { AppEnv } from "../../platform/app-env";
import { noteTags, tagsNoted } from "../../platform/caches/page-tags";
import { lookupFailed } from "../../platform/page-fate";
import type { PathHoles } from "../document/render-page";
import { filledFrom, pageFrame } from "./page-frame";
import { searchKey } from "./page-query";
import { frameKey } from "./shell-store";

/*
 * The search page's frames (decision 0093). A bot searching a new word each time made every request a
 * page render (about 10 ms of a 24 ms answer). Most new words find what another word found (the
 * words that match nothing are left out, or nothing is found and the popular products are shown), so
 * the page is rendered once per set of results (`results`: the products, posts and popular products
 * shown and their counts, the page number) for a marker query, kept as a page frame (page-frame.ts),
 * and filled with each request's words. The look-ups that found the results still run every time.
 * The frame is judged by the tags the look-ups noted as well as by its own render's, so a price or
 * stock change remakes it as it would the page. Tested byte for byte against a render
 * (tests/worker/search-frame.test.ts).
 */

/** The marker query: two words, so every spelling of a space (text, `%20`, `+`) shows where it went. */
const MARK = "qframefirst qframelast";
const MARK_WORD = "qframe";

/**
 * Words the frame can take as they are: letters and digits, one space apart. Every place the page
 * writes them (text, attributes, JSON in an attribute) then spells them without an escape, and its
 * URLs spell them as the fill does. Anything else is rendered the ordinary way.
 */
const PLAIN_QUERY = /^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u;

/**
 * The search page for `q` filled from the frame of these results (kept, or rendered now by `render`
 * for the marker query and kept), or null: the words do not fit a frame, or the render failed.
 */
export async function framedSearch(
  c: Context<AppEnv>,
  results: string,
  q: string,
  page: number,
  render: (shown: string, holes: PathHoles) => Promise<Response>,
): Promise<string | null> {
  if (!PLAIN_QUERY.test(q) || q.includes(MARK_WORD)) return null;
  // A look-up behind these results failed (posts the CMS did not give): the page says so as a 503,
  // which only a render draws (decision 0101), and no frame is made of what it lacks.
  if (lookupFailed(c.get("keeping")?.fate)) return null;
  // What the look-ups noted is what the frame shows too: its render alone notes only the layout.
  const lookedUp = tagsNoted(c);
  const id = await shortDigest(results);
  const frame = await pageFrame(c, frameKey(c, "search", id), 200, () => {
    noteTags(c, lookedUp);
    return render(MARK, { path: routePath("search"), query: searchKey(MARK, page) });
  });
  if (!frame) return null;
  const filled = fill(frame.html, q);
  // A spelling of the marker the fill does not know: the page is rendered instead.
  if (filled.includes(MARK_WORD)) return null;
  return filledFrom(c, "search", 200, filled);
}

/** The marker as a render spells it: its space as text, in a URL's path (`%20`) or in its query (`+`). */
const MARKED = new RegExp(MARK.replace(" ", "(%20|\\+| )"), "g");

/** Each spelling of the marker as a render spells `q` there, in one pass over the page. */
function fill(html: string, q: string): string {
  const spelt: Record<string, string> = {
    "%20": encodeURIComponent(q),
    "+": new URLSearchParams({ q }).toString().slice(2),
    " ": q,
  };
  return html.replace(MARKED, (_, space: string) => spelt[space]!);
}
