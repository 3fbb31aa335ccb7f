import type { Context } from "hono";
import { DEFAULT_LOCALE } from "../../../shared/constants";
import type { AppEnv } from "../../platform/app-env";
import { textsOf } from "../i18n/texts";
import { NotFound } from "../ui/status-screens";
import { renderPage } from "./render-page";

/**
 * 404 inside the normal layout, in the language of the path's prefix (`/ar/no-such-page`: Arabic,
 * links under /ar); the path is shown as asked, prefix included, and escaped (React escapes text).
 */
export function renderNotFound(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get("locale") ?? DEFAULT_LOCALE;
  const asked = locale === DEFAULT_LOCALE ? c.req.path : `/${locale}${c.req.path === "/" ? "" : c.req.path}`;
  return renderPage(c, {
    title: textsOf(c).m.status.notFoundTitle,
    status: 404,
    body: <NotFound path={asked} />,
  });
}
