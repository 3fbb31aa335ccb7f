import type { Media } from "../../../shared/types/cms";
import { fileUrl, type PageSite } from "./page-site";
import type { Url } from "./schema-types";
import type { SeoImage } from "./seo-head";

/**
 * A page's sharing picture (og:image, twitter:image), always a raster the large networks show
 * (decision 0105). A picture the CMS holds as PNG or JPEG is used as it is. An SVG on the shop's own
 * origin (the embedded CMS's `/uploads/…`, drawn from the seed) has a 1200×630 PNG card the build
 * made of it (scripts/build-social-cards.mjs): `/social/uploads/products/x-1.png`. Any other SVG
 * (a real Strapi's upload) has none: the page gets the shop's default card.
 */
export function socialImage(
  site: PageSite,
  picture: Media | null | undefined,
  alt: string,
): (SeoImage & { url: Url }) | undefined {
  if (!picture) return undefined;
  const path = picture.url.split(/[?#]/, 1)[0] ?? "";
  if (/\.(png|jpe?g)$/i.test(path)) {
    return {
      url: fileUrl(site, picture.url),
      type: /\.png$/i.test(path) ? "image/png" : "image/jpeg",
      ...(picture.width && picture.height ? { width: picture.width, height: picture.height } : {}),
      alt,
    };
  }
  if (/^\/uploads\/[\w/-]+\.svg$/.test(path)) {
    return { url: fileUrl(site, socialCardPath(path)), type: "image/png", ...SOCIAL_CARD, alt };
  }
  return undefined;
}

/** The shop's default card, served at the site's root (client/static/og-image.png). */
export const DEFAULT_CARD = "/og-image.png";

/** The size of every card the build draws, and of the shop's default card (client/static/og-image.png). */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

/** The build's card for one of the embedded CMS's SVG pictures. */
export function socialCardPath(svgPath: string): string {
  return `/social${svgPath.replace(/\.svg$/, ".png")}`;
}
