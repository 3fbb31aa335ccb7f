import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { textsOf } from "../i18n/texts";
import { NotFound } from "../ui/status-screens";
import { renderPage } from "./render-page";

/** 404 inside the normal layout; the path is shown escaped (React escapes text). */
export function renderNotFound(c: Context<AppEnv>): Promise<Response> {
  return renderPage(c, {
    title: textsOf(c).m.status.notFoundTitle,
    status: 404,
    body: <NotFound path={c.req.path} />,
  });
}
