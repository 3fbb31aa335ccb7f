import type { Context } from "hono";
import { DEFAULT_LOCALE } from "../../../shared/constants";
import type { AppEnv } from "../../platform/app-env";
import { lookupFailed } from "../../platform/page-fate";
import { textsOf } from "../i18n/texts";
import { NotFound } from "../ui/status-screens";
import { HTML_HEADERS, type PathHoles, renderPage } from "./render-page";
import { renderUnavailable } from "./unavailable";

/**
 * 404 inside the normal layout, in the language of the path's prefix (`/ar/no-such-page`: Arabic,
 * links under /ar); the path is shown as asked, prefix included, and escaped (React escapes text).
 * A page being kept (a shared page's unknown slug, a listing past its last page) is filled from
 * the locale's kept frame instead of rendered (the frame the page shell lends the render it keeps:
 * shells/not-found-frame.ts, decision 0093). `keep: false` for a 404 told by records the isolate already holds
 * (a listing's page past the last, told by its first page): asking it again costs a fill, less than the
 * write that would keep it (decision 0095), and the page's fate says so (decision 0096).
 */
export async function renderNotFound(c: Context<AppEnv>, { keep = true }: { keep?: boolean } = {}): Promise<Response> {
  const keeping = c.get("keeping");
  // The CMS's "no such record" and "no answer" are both null to the screen: while a look-up failed, a
  // page is not known to be missing, so it is a 503 to ask again, not a 404 (decision 0101).
  if (lookupFailed(keeping?.fate)) return renderUnavailable(c);
  if (!keep) keeping?.fate.against.add("told-by-held-records");
  const framed = await keeping?.notFoundFrame((holes) => renderNotFoundPage(c, holes));
  return framed == null ? renderNotFoundPage(c) : c.body(framed, 404, HTML_HEADERS);
}

function renderNotFoundPage(c: Context<AppEnv>, holes?: PathHoles): Promise<Response> {
  const locale = c.get("locale") ?? DEFAULT_LOCALE;
  const path = holes?.path ?? c.req.path;
  const asked = locale === DEFAULT_LOCALE ? path : `/${locale}${path === "/" ? "" : path}`;
  return renderPage(c, {
    title: textsOf(c).m.status.notFoundTitle,
    status: 404,
    body: <NotFound path={asked} />,
    pathHoles: holes,
  });
}
