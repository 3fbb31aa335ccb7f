import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { textsOf } from "../i18n/texts";
import { Unavailable } from "../ui/status-screens";
import { renderPage } from "./render-page";
import { retryPath } from "./retry-path";

/**
 * The page the shop could not read what it shows for (decision 0101): the CMS or D1 failed while a
 * shared page was drawn, and what the screen made of it (a "not found", an error) would say something
 * untrue of the page. Inside the layout, as a 503 with Retry-After (renderPage), and never kept: its
 * fate already says a look-up failed.
 */
export function renderUnavailable(c: Context<AppEnv>): Promise<Response> {
  return renderPage(c, {
    title: textsOf(c).m.status.unavailableTitle,
    status: 503,
    body: <Unavailable retry={retryPath(c) ?? c.req.path} />,
  });
}
