import type { Context } from "hono";
import { text } from "../../../shared/text";
import type { AppEnv } from "../../platform/app-env";
import { ErrorScreen } from "../ui/status-screens";
import { renderPage } from "./render-page";

/** Plain HTML for when even the layout cannot be rendered. */
const BARE_ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text.errorTitle}</title></head><body style="font-family:system-ui,sans-serif;background:#FBF8F4;color:#1F1B18;text-align:center;padding:64px 16px"><h1>${text.errorTitle}</h1><p>${text.errorText}</p><p><a href="/" style="color:#9A5663">${text.goBackHome}</a></p></body></html>`;

export async function renderErrorScreen(c: Context<AppEnv>): Promise<Response> {
  try {
    return await renderPage(c, { title: text.errorTitle, status: 500, body: <ErrorScreen /> });
  } catch (error) {
    console.error("Error in app:", error);
    return c.html(BARE_ERROR_PAGE, 500);
  }
}
