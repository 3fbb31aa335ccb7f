import { en } from "../../../shared/i18n/en";
import { routePath } from "../../../shared/links";
import type { Contacts } from "../../../shared/types/cms";
import { absoluteUrl } from "./site-origin";

/** The shop as an Organization (from the contacts record, social links as sameAs) and its WebSite with a search box. */
export function siteJsonLd(contacts: Contacts | null, origin: string, tagline: string = en.site.tagline): object[] {
  const name = contacts?.company || tagline;
  const sameAs = [
    contacts?.instagram,
    contacts?.facebook,
    contacts?.youtube,
    contacts?.telegram,
    contacts?.whatsapp,
    contacts?.vk,
  ].filter((link): link is string => Boolean(link && /^https?:\/\//.test(link)));
  const organization: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name,
    url: `${origin}/`,
  };
  if (contacts?.logotype?.url) organization.logo = absoluteUrl(origin, contacts.logotype.url);
  if (contacts?.email) organization.email = contacts.email;
  if (contacts?.phone) organization.telephone = contacts.phone;
  if (sameAs.length) organization.sameAs = sameAs;
  const website = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${origin}/#website`,
    name,
    url: `${origin}/`,
    inLanguage: "en",
    publisher: { "@id": `${origin}/#organization` },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${origin}${routePath("search")}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
  return [organization, website];
}
