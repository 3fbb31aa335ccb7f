import { routePath } from "../../../shared/links";
import type { Contacts, PostalAddress as ContactsAddress, Media } from "../../../shared/types/cms";
import { fileUrl, type PageSite, pageUrl } from "./page-site";
import type { ImageObject, Organization, OrganizationRef, PostalAddress, Url, WebSite } from "./schema-types";

/** The shop's mark as a 512×512 PNG the build renders (scripts/build-social-cards.mjs). */
const RASTER_LOGO = { path: "/logo.png", width: 512, height: 512 };

/** The languages customer service answers in (the shop's two). */
const SERVICE_LANGUAGES = ["en", "ar"];

/** The shop is in the United Arab Emirates (ISO 3166-1). */
const COUNTRY = "AE";

/**
 * The Organization's logo: the CMS's logotype when it is a raster (PNG, JPEG), else the shop's mark
 * rendered to PNG at build time; Google reads no SVG logo (decision 0105).
 */
function logo(site: PageSite, logotype: Media | null | undefined): ImageObject {
  if (logotype && /\.(png|jpe?g)$/i.test(logotype.url.split(/[?#]/, 1)[0] ?? "")) {
    return {
      "@type": "ImageObject",
      url: fileUrl(site, logotype.url),
      ...(logotype.width && logotype.height ? { width: logotype.width, height: logotype.height } : {}),
    };
  }
  return {
    "@type": "ImageObject",
    url: fileUrl(site, RASTER_LOGO.path),
    width: RASTER_LOGO.width,
    height: RASTER_LOGO.height,
  };
}

/**
 * The contacts' address as schema.org reads it, in the page's language (the record's): its parts that
 * are filled, the country the shop's own when the CMS names none (decision 0134).
 */
function postalAddress(address: ContactsAddress | null | undefined): PostalAddress {
  const out: PostalAddress = { "@type": "PostalAddress", addressCountry: address?.addressCountry?.trim() || COUNTRY };
  for (const part of ["streetAddress", "addressLocality", "addressRegion", "postalCode"] as const) {
    const value = address?.[part]?.trim();
    if (value) out[part] = value;
  }
  return out;
}

/** The shop as a post's author and publisher: its name in the page's language, home page and logo. */
export function organizationRef(site: PageSite, contacts: Contacts | null, fallbackName: string): OrganizationRef {
  return {
    "@type": "Organization",
    name: contacts?.company || fallbackName,
    url: pageUrl(site, "/"),
    logo: logo(site, contacts?.logotype),
  };
}

/**
 * The shop as an Organization (from the contacts record: name, raster logo, its postal address,
 * customer service's phone and languages, social links as sameAs) and its WebSite with a
 * search box, in the page's language.
 */
export function siteJsonLd(contacts: Contacts | null, site: PageSite, tagline: string): [Organization, WebSite] {
  const home = pageUrl(site, "/");
  const ref = organizationRef(site, contacts, tagline);
  const sameAs = [
    contacts?.instagram,
    contacts?.facebook,
    contacts?.youtube,
    contacts?.telegram,
    contacts?.whatsapp,
    contacts?.vk,
  ].filter((link): link is Url => Boolean(link && /^https?:\/\//.test(link)));
  const organization: Organization = {
    "@context": "https://schema.org",
    ...ref,
    "@id": `${home}#organization`,
    address: postalAddress(contacts?.address),
  };
  if (contacts?.phone) {
    organization.contactPoint = [
      {
        "@type": "ContactPoint",
        telephone: contacts.phone,
        contactType: "customer service",
        availableLanguage: SERVICE_LANGUAGES,
        ...(contacts.email ? { email: contacts.email } : {}),
      },
    ];
    organization.telephone = contacts.phone;
  }
  if (contacts?.email) organization.email = contacts.email;
  if (sameAs.length) organization.sameAs = sameAs;
  const website: WebSite = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${home}#website`,
    name: ref.name,
    url: home,
    inLanguage: site.locale,
    publisher: { "@id": organization["@id"] },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${pageUrl(site, routePath("search"))}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  return [organization, website];
}
