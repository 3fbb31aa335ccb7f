import type { Context } from "hono";
import { text } from "../../../shared/text";
import type { AppEnv } from "../../platform/app-env";
import { NotFound } from "../ui/status-screens";
import { renderPage } from "./render-page";

/** 404 inside the normal layout; the path is shown escaped (React escapes text). */
export function renderNotFound(c: Context<AppEnv>): Promise<Response> {
  return renderPage(c, {
    title: text.notFoundTitle,
    status: 404,
    body: <NotFound path={c.req.path} />,
  });
}
