import type { Context } from "hono";
import type { Locale } from "../../shared/constants";
import type { Contacts, FooterMenu, LayoutData, MainMenu, TopMenu } from "../../shared/types/cms";
import type { AppEnv } from "../app-env";
import fallback from "./layout-fallback.json";

/**
 * One function per layout record. Until the CMS client lands these read a
 * bundled record set; pages and the layout only ever call these functions.
 */
export async function getContacts(_c: Context<AppEnv>, _locale: Locale): Promise<Contacts | null> {
  return fallback.contacts as Contacts;
}

export async function getMainMenu(_c: Context<AppEnv>, _locale: Locale): Promise<MainMenu | null> {
  return fallback.mainMenu as MainMenu;
}

export async function getFooterMenu(_c: Context<AppEnv>, _locale: Locale): Promise<FooterMenu | null> {
  return fallback.footerMenu as FooterMenu;
}

export async function getTopMenu(_c: Context<AppEnv>, _locale: Locale): Promise<TopMenu | null> {
  return fallback.topMenu as TopMenu;
}

/** The four records in parallel; a missing one leaves its part of the layout out. */
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
