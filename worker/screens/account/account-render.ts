import type { Context } from "hono";
import type { Section } from "../../../shared/i18n/messages-type";
import { type PageContent, renderPage } from "../../frame/document/render-page";
import { textsOf } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";

/**
 * Renders an account screen. Forms that fail are answered by re-rendering the
 * screen with the shopper's values and a 4xx; account screens stay out of
 * search engines and out of shared caches.
 */
export async function renderAccountPage(c: Context<AppEnv>, content: PageContent, status = 200): Promise<Response> {
  const page = await renderPage(c, content);
  const response = status === page.status ? page : new Response(page.body, { status, headers: page.headers });
  // renderPage answered through c.body, so its headers already carry this request's cookies.
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/** Short notices shown after a redirect (`?notice=`): only the catalogue's keys, never text from the URL. */
export type NoticeKey = keyof Section<"accountNotices">;

export function noticeFrom(c: Context<AppEnv>): string | null {
  const notices = textsOf(c).m.accountNotices;
  const key = c.req.query("notice") ?? (c.req.query("confirmed") ? "confirmed" : "");
  return Object.hasOwn(notices, key) ? notices[key as NoticeKey] : null;
}
