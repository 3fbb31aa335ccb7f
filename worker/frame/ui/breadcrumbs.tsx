import { otherLanguage } from "../../../shared/i18n/text-language";
import { useTexts } from "../i18n/texts";

export interface Crumb {
  name: string;
  path: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useTexts();
  return (
    <nav aria-label={t.m.ui.breadcrumb} className="breadcrumbs">
      <ol>
        {items.map((item, i) => (
          <li key={item.path}>
            {/* A name from the CMS in another language (a fallback) keeps its own direction. */}
            {i === items.length - 1 ? (
              <span aria-current="page" {...otherLanguage(t.locale, item.name)}>
                {item.name}
              </span>
            ) : (
              <a href={item.path} {...otherLanguage(t.locale, item.name)}>
                {item.name}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** BreadcrumbList structured data, for renderPage's `jsonLd`. */
export function breadcrumbJsonLd(origin: string, items: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: origin + item.path,
    })),
  };
}
