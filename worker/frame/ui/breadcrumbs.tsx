import { JsonLd } from "../head/json-ld";
import { type PageSite, pageUrl, usePageSite } from "../head/page-site";
import type { BreadcrumbList } from "../head/schema-types";
import { useTexts } from "../i18n/texts";

export interface Crumb {
  name: string;
  path: string;
}

/**
 * The trail a shopper sees and, beside it, the same trail as a BreadcrumbList: one list makes both,
 * so a page that shows a breadcrumb always describes it, in its own language (decision 0105).
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const site = usePageSite();
  return (
    <>
      <nav aria-label={useTexts().m.ui.breadcrumb} className="breadcrumbs">
        <ol>
          {items.map((item, i) => (
            <li key={item.path}>
              {i === items.length - 1 ? (
                <span aria-current="page">{item.name}</span>
              ) : (
                <a href={item.path}>{item.name}</a>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {site && <JsonLd data={breadcrumbJsonLd(site, items)} />}
    </>
  );
}

/** BreadcrumbList structured data: each crumb's URL in the page's language. */
export function breadcrumbJsonLd(site: PageSite, items: Crumb[]): BreadcrumbList {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: pageUrl(site, item.path),
    })),
  };
}
