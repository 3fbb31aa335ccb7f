import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { textsOf } from "../i18n/texts";
import { Unavailable } from "../ui/status-screens";
import { RETRY_AFTER_SECONDS, renderPage } from "./render-page";
import { retryPath } from "./retry-path";

/**
 * The answer to a signed-in shopper whose account the CMS could not give just now, asked twice
 * (worker/platform/session/session-user-unknown.ts, decision 0135): a 503 with Retry-After that
 * says so, in the shape the caller reads (the layout's page, the islands' JSON, Strapi's envelope),
 * never the page a visitor would get. The session and its cookies stay; the next request asks again.
 */
export function renderAccountUnknown(c: Context<AppEnv>): Response | Promise<Response> {
  const texts = textsOf(c).m.status;
  const sentence = `${texts.accountUnknownTitle}. ${texts.accountUnknownText}`;
  if (c.req.path.startsWith("/api/") || c.req.path === "/graphql") {
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    const error = { status: 503, name: "ServiceUnavailableError", message: sentence, details: {} };
    return c.json({ data: null, error }, 503);
  }
  if ((c.req.header("accept") ?? "").includes("application/json")) {
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return c.json({ ok: false, message: sentence }, 503);
  }
  return renderPage(c, {
    title: texts.accountUnknownTitle,
    status: 503,
    body: <Unavailable retry={retryPath(c) ?? c.req.path} what="account" />,
  });
}
