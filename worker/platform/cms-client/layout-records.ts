import { gql } from "@urql/core";
import type { Context } from "hono";
import { type Locale, MENU_SUBLINK_LIMIT } from "../../../shared/constants";
import type { Button, Contacts, FooterMenu, MainMenu, MenuItem, TopMenu } from "../../../shared/types/cms";
import type { AppEnv, ShopBindings } from "../app-env";
import { type CachedModel, readThrough } from "../caches/kv-records";
import { backgroundTask } from "../errors/background-task";
import { createCmsClient, runQuery } from "./client";
import { type MediaResponse, unwrapMedia } from "./strapi-shapes";

/**
 * The four named queries of spec section 7, with their result shapes. Sublinks
 * are asked for MENU_SUBLINK_LIMIT at a time (a real Strapi pages repeatable
 * components at 10 otherwise).
 */
const SUBLINK_PAGINATION = `pagination: { limit: ${MENU_SUBLINK_LIMIT} }`;

interface MenuItemData extends Omit<MenuItem, "sublinks"> {
  sublinks: MenuItem["sublinks"] | null;
}

export const contactsQuery = gql<
  {
    contact: {
      data: {
        attributes: Omit<Contacts, "logotype" | "icon" | "phoneSecondary"> & {
          logotype: MediaResponse;
          icon: MediaResponse;
          phoneSecondary?: string | null;
        };
      } | null;
    } | null;
  },
  { locale: string }
>`
  query contactsQuery($locale: I18NLocaleCode) {
    contact(locale: $locale) {
      data {
        attributes {
          company email phone
          logotype { data { attributes { url alternativeText width height } } }
          icon { data { attributes { url alternativeText width height } } }
          receiver whatsapp telegram vk facebook instagram youtube
          address { streetAddress addressLocality addressRegion postalCode addressCountry }
        }
      }
    }
  }
`;

export const menuQuery = gql<
  { menu: { data: { id: string; attributes: { menu: MenuItemData[] | null; button: Button | null } } | null } | null },
  { locale: string }
>`
  query menuQuery($locale: I18NLocaleCode) {
    menu(locale: $locale) {
      data {
        id
        attributes {
          menu {
            id parent title path megaMenu class
            sublinks(${SUBLINK_PAGINATION}) { class title active path group }
          }
          button { classes color iconClass id modal outlined path size text window }
        }
      }
    }
  }
`;

export const menuFooterQuery = gql<
  {
    footerMenu: {
      data: {
        attributes: Omit<FooterMenu, "menu"> & { menu: MenuItemData[] | null };
      } | null;
    } | null;
  },
  { locale: string }
>`
  query menuFooterQuery($locale: I18NLocaleCode) {
    footerMenu(locale: $locale) {
      data {
        attributes {
          slogan copyrights policyLink
          menu { id parent title path megaMenu class sublinks(${SUBLINK_PAGINATION}) { class title active path } }
          button { classes color iconClass id modal outlined path size text window }
        }
      }
    }
  }
`;

export const menuTopQuery = gql<
  { topMenu: { data: { attributes: { menu: MenuItemData[] | null } } | null } | null },
  { locale: string }
>`
  query menuTopQuery($locale: I18NLocaleCode) {
    topMenu(locale: $locale) {
      data { attributes { menu { id parent title path megaMenu class sublinks(${SUBLINK_PAGINATION}) { class title active path } } } }
    }
  }
`;

function items(list: MenuItemData[] | null | undefined): MenuItem[] {
  return (list ?? []).map((item) => ({ ...item, sublinks: item.sublinks ?? [] }));
}

function cacheDeps(c: Context<AppEnv>) {
  return {
    kv: c.env.CMS_CACHE,
    waitUntil: (p: Promise<unknown>) => backgroundTask(c, p),
    disabled: c.env.CMS_CACHE_ENABLED === "false",
  };
}

/** Called when the CMS gave no answer, as against a record it answered it does not have. */
type Failed = () => void;

/** Fetches the record straight from the CMS (no cache): null when it failed (`failed` is told) or is missing. */
export async function fetchContacts(env: ShopBindings, locale: Locale, failed?: Failed): Promise<Contacts | null> {
  const data = await runQuery(createCmsClient({ env }), contactsQuery, { locale }, "contactsQuery");
  if (data === null) failed?.();
  const a = data?.contact?.data?.attributes;
  if (!a) return null;
  return {
    ...a,
    phoneSecondary: a.phoneSecondary ?? null,
    address: a.address ?? null,
    logotype: unwrapMedia(env, a.logotype),
    icon: unwrapMedia(env, a.icon),
  };
}

export async function fetchMainMenu(env: ShopBindings, locale: Locale, failed?: Failed): Promise<MainMenu | null> {
  const data = await runQuery(createCmsClient({ env }), menuQuery, { locale }, "menuQuery");
  if (data === null) failed?.();
  const d = data?.menu?.data;
  return d ? { id: d.id, menu: items(d.attributes.menu), button: d.attributes.button } : null;
}

export async function fetchFooterMenu(env: ShopBindings, locale: Locale, failed?: Failed): Promise<FooterMenu | null> {
  const data = await runQuery(createCmsClient({ env }), menuFooterQuery, { locale }, "menuFooterQuery");
  if (data === null) failed?.();
  const a = data?.footerMenu?.data?.attributes;
  return a ? { ...a, menu: items(a.menu) } : null;
}

export async function fetchTopMenu(env: ShopBindings, locale: Locale, failed?: Failed): Promise<TopMenu | null> {
  const data = await runQuery(createCmsClient({ env }), menuTopQuery, { locale }, "menuTopQuery");
  if (data === null) failed?.();
  const a = data?.topMenu?.data?.attributes;
  return a ? { menu: items(a.menu) } : null;
}

/**
 * A layout record through KV. Null with the CMS failing and no copy kept (a first read, or one the
 * webhook has just purged): the page is drawn without that part, so it must not be kept in place of
 * one drawn with it (its fate's `cms-failed`, decision 0101). A refresh behind a kept copy that fails
 * says nothing: the page shows the copy.
 */
async function layoutRecord<T>(
  c: Context<AppEnv>,
  model: CachedModel,
  locale: Locale,
  fetch: (env: ShopBindings, locale: Locale, failed: Failed) => Promise<T | null>,
): Promise<T | null> {
  let failed = false;
  const value = await readThrough(cacheDeps(c), model, locale, () =>
    fetch(c.env, locale, () => {
      failed = true;
    }),
  );
  if (value === null && failed) c.get("keeping")?.fate.against.add("cms-failed");
  return value;
}

/** The cached readers the layout uses (KV per locale, stale-while-revalidate). */
export function getContacts(c: Context<AppEnv>, locale: Locale): Promise<Contacts | null> {
  return layoutRecord(c, "contact", locale, fetchContacts);
}

export function getMainMenu(c: Context<AppEnv>, locale: Locale): Promise<MainMenu | null> {
  return layoutRecord(c, "menu", locale, fetchMainMenu);
}

export function getFooterMenu(c: Context<AppEnv>, locale: Locale): Promise<FooterMenu | null> {
  return layoutRecord(c, "footer-menu", locale, fetchFooterMenu);
}

export function getTopMenu(c: Context<AppEnv>, locale: Locale): Promise<TopMenu | null> {
  return layoutRecord(c, "top-menu", locale, fetchTopMenu);
}
