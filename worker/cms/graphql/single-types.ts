import { MENU_SUBLINK_LIMIT } from "../../../shared/constants";
import { pageWindow } from "./filters";
import type { CmsContext, MediaRow } from "./loaders";
import { CMS_DEFAULT_LOCALE } from "./locales";
import { mediaEntity } from "./media-entity";

/* The single types of the embedded CMS (contact, menus): one row per locale, data kept as JSON. */

type LocaleArgs = { locale?: string | null };

/** Repeatable components take Strapi's pagination; sublinks of the main menu are capped at 50. */
function components<T>(list: T[] | undefined, pagination: Record<string, number> | undefined, cap = 100): T[] {
  const window = pageWindow(pagination && Object.keys(pagination).length ? pagination : { limit: 10 });
  return (list ?? []).slice(window.offset, window.offset + Math.min(window.pageSize, cap));
}

interface MenuItemData {
  id: string;
  sublinks?: Record<string, unknown>[];
  [key: string]: unknown;
}

function menuItems(items: MenuItemData[] | undefined, withGroup: boolean) {
  return (args: { pagination?: Record<string, number> }) =>
    components(items, args.pagination).map((item) => ({
      ...item,
      sublinks: (a: { pagination?: Record<string, number> }) =>
        components(item.sublinks, a.pagination, MENU_SUBLINK_LIMIT).map((link, i) => ({
          id: String(i + 1),
          ...link,
          group: withGroup ? (link.group ?? null) : null,
        })),
    }));
}

/**
 * A single type in `locale`, else in the default locale (the per-entry fallback of
 * translations.ts: a single type is one entry, localized whole).
 */
async function singleType(ctx: CmsContext, kind: string, locale: string | null | undefined) {
  const wanted = locale && locale !== "all" ? locale : CMS_DEFAULT_LOCALE;
  const row = await ctx.db
    // Strapi keeps each single type in its own table, one row per locale: the first is id 1.
    .prepare(
      `SELECT (SELECT COUNT(*) FROM cms_single_types o WHERE o.kind = s.kind AND o.rowid <= s.rowid) AS id,
              data, updated_at, locale
         FROM cms_single_types s WHERE kind = ?1 AND locale IN (?2, ?3)
        ORDER BY locale = ?2 DESC LIMIT 1`,
    )
    .bind(kind, wanted, CMS_DEFAULT_LOCALE)
    .first<{ id: number; data: string; updated_at: string; locale: string }>();
  if (!row) return null;
  return {
    id: String(row.id),
    data: JSON.parse(row.data) as Record<string, unknown>,
    updatedAt: row.updated_at,
    locale: row.locale,
  };
}

export const singleTypeResolvers = {
  async contact(args: LocaleArgs, ctx: CmsContext) {
    const found = await singleType(ctx, "contact", args.locale);
    if (!found) return { data: null };
    const d = found.data as Record<string, unknown> & {
      logotype?: { url: string } | null;
      icon?: { url: string } | null;
    };
    const mediaByUrl = async (media: { url: string } | null | undefined) => {
      if (!media) return { data: null };
      const row = await ctx.db
        .prepare("SELECT id, name, url, alternative_text, width, height, mime FROM cms_media WHERE url = ?1")
        .bind(media.url)
        .first<MediaRow>();
      return {
        data: row ? mediaEntity(row) : { id: "0", attributes: { ...media, name: media.url, mime: "image/svg+xml" } },
      };
    };
    return {
      data: {
        id: found.id,
        attributes: {
          ...d,
          locale: found.locale,
          updatedAt: found.updatedAt,
          logotype: () => mediaByUrl(d.logotype),
          icon: () => mediaByUrl(d.icon),
        },
      },
    };
  },
  async menu(args: LocaleArgs, ctx: CmsContext) {
    const found = await singleType(ctx, "menu", args.locale);
    if (!found) return { data: null };
    const d = found.data as { menu?: MenuItemData[]; button?: unknown };
    return {
      data: {
        id: found.id,
        attributes: {
          locale: found.locale,
          updatedAt: found.updatedAt,
          button: d.button ?? null,
          menu: menuItems(d.menu, true),
        },
      },
    };
  },
  async footerMenu(args: LocaleArgs, ctx: CmsContext) {
    const found = await singleType(ctx, "footer-menu", args.locale);
    if (!found) return { data: null };
    const d = found.data as {
      menu?: MenuItemData[];
      button?: unknown;
      slogan?: string;
      copyrights?: string;
      policyLink?: string;
    };
    return {
      data: {
        id: found.id,
        attributes: {
          locale: found.locale,
          updatedAt: found.updatedAt,
          slogan: d.slogan ?? null,
          copyrights: d.copyrights ?? null,
          policyLink: d.policyLink ?? null,
          button: d.button ?? null,
          menu: menuItems(d.menu, false),
        },
      },
    };
  },
  async topMenu(args: LocaleArgs, ctx: CmsContext) {
    const found = await singleType(ctx, "top-menu", args.locale);
    if (!found) return { data: null };
    const d = found.data as { menu?: MenuItemData[] };
    return {
      data: {
        id: found.id,
        attributes: { locale: found.locale, updatedAt: found.updatedAt, menu: menuItems(d.menu, false) },
      },
    };
  },
};
