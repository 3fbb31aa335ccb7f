import type { Context } from "hono";
import { en } from "../../../shared/i18n/en";
import type { AppEnv } from "../../platform/app-env";
import { textsOf } from "../i18n/texts";
import { ErrorScreen } from "../ui/status-screens";
import { renderPage } from "./render-page";

/** Plain HTML for when even the layout cannot be rendered (in English: it must depend on nothing). */
const BARE_ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${en.status.errorTitle}</title></head><body style="font-family:system-ui,sans-serif;background:#FBF8F4;color:#1F1B18;text-align:center;padding:64px 16px"><h1>${en.status.errorTitle}</h1><p>${en.status.errorText}</p><p><a href="/" style="color:#9A5663">${en.status.goBackHome}</a></p></body></html>`;

export async function renderErrorScreen(c: Context<AppEnv>): Promise<Response> {
  try {
    return await renderPage(c, { title: textsOf(c).m.status.errorTitle, status: 500, body: <ErrorScreen /> });
  } catch (error) {
    console.error("Error in app:", error);
    return c.html(BARE_ERROR_PAGE, 500);
  }
}
