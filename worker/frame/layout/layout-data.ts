import type { Context } from "hono";
import type { LayoutData } from "../../../shared/types/cms";
import type { AppEnv } from "../../platform/app-env";
import { getContacts, getFooterMenu, getMainMenu, getTopMenu } from "../../platform/cms-client/layout-records";

export { getContacts, getFooterMenu, getMainMenu, getTopMenu };

/** The four layout records in parallel; a missing one leaves its part of the layout out. */
export async function loadLayoutData(c: Context<AppEnv>): Promise<LayoutData> {
  const locale = c.get("locale") ?? "en";
  const [contacts, mainMenu, footerMenu, topMenu] = await Promise.all([
    getContacts(c, locale),
    getMainMenu(c, locale),
    getFooterMenu(c, locale),
    getTopMenu(c, locale),
  ]);
  return { contacts, mainMenu, footerMenu, topMenu };
}
