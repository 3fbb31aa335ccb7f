import type { Context } from "hono";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/constants";
import { messagesFor } from "../../../shared/i18n/catalogue";
import { localeDirection, localizePath } from "../../../shared/locale-path";
import type { AppEnv } from "../../platform/app-env";
import { log } from "../../platform/log/log";
import { textsOf } from "../i18n/texts";
import { ErrorScreen } from "../ui/status-screens";
import { renderPage } from "./render-page";
import { retryPath } from "./retry-path";

/** Plain HTML for when even the layout cannot be rendered, in the page's language and direction. */
function bareErrorPage(locale: Locale): string {
  const text = messagesFor(locale).status;
  return `<!doctype html><html lang="${locale}" dir="${localeDirection(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text.errorTitle}</title></head><body style="font-family:system-ui,sans-serif;background:#FBF8F4;color:#1F1B18;text-align:center;padding:64px 16px"><h1>${text.errorTitle}</h1><p>${text.errorText}</p><p><a href="${localizePath(locale, "/")}" style="color:#9A5663">${text.goBackHome}</a></p></body></html>`;
}

/**
 * The error screen inside the layout. The layout stands without the CMS (its records are left out) and
 * without D1 (the header's counts are left out, header-state.ts), so the bare page is for a failure of
 * the render itself.
 */
export async function renderErrorScreen(c: Context<AppEnv>): Promise<Response> {
  try {
    return await renderPage(c, {
      title: textsOf(c).m.status.errorTitle,
      status: 500,
      body: <ErrorScreen retry={retryPath(c)} />,
    });
  } catch (error) {
    log.error("Error in app", { error });
    return c.html(bareErrorPage(c.get("locale") ?? DEFAULT_LOCALE), 500);
  }
}
