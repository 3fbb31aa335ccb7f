import { Icon } from "../../../client/components/icons";
import { useTexts } from "../../frame/i18n/texts";

/** Numbered pages for lists (blog, reviews): `?page=n`, the first page without it. */
export function pageHref(base: string, n: number, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (n > 1) params.set("page", String(n));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/**
 * The page numbers to show: all of them, or with `around` the first, the last and those within
 * `around` of the current one, a gap (null) between (a staff list can have hundreds of pages).
 */
export function pagesShown(page: number, pageCount: number, around?: number): (number | null)[] {
  const all = Array.from({ length: pageCount }, (_, i) => i + 1);
  if (around === undefined) return all;
  const shown: (number | null)[] = [];
  for (const n of all.filter((n) => n === 1 || n === pageCount || Math.abs(n - page) <= around)) {
    const last = shown[shown.length - 1];
    if (typeof last === "number" && n - last > 1) shown.push(null);
    shown.push(n);
  }
  return shown;
}

/**
 * The one pager of every list (catalogue, search, blog, reviews, the staff desk): previous, numbered
 * pages, next. Its arrows are directional icons, turned round on a right-to-left page by the
 * stylesheet (base.css), not characters left to each browser's and font's bidi mirroring.
 */
export function Pager({
  base,
  page,
  pageCount,
  query,
  href = (n) => pageHref(base, n, query),
  label,
  around,
}: {
  base: string;
  page: number;
  pageCount: number;
  query?: Record<string, string>;
  /** Where page n is, when it is more than `base` and `query` say (the catalogue's filter). */
  href?: (n: number) => string;
  label?: string;
  /** Show only the pages this near the current one, with the first and the last (see pagesShown). */
  around?: number;
}) {
  const t = useTexts();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label ?? t.m.ui.pages}>
      <ul>
        {page > 1 && (
          <li>
            <a href={href(page - 1)} rel="prev">
              <span className="visually-hidden">{t.m.ui.previousPage}</span>
              <Icon name="chevron-start" size={18} />
            </a>
          </li>
        )}
        {pagesShown(page, pageCount, around).map((n, i) => (
          <li key={n ?? `gap-${i}`}>
            {n === null ? (
              <span className="pagination__gap" aria-hidden="true">
                …
              </span>
            ) : n === page ? (
              <span aria-current="page">{n}</span>
            ) : (
              <a href={href(n)}>
                <span className="visually-hidden">{t.m.ui.page}</span>
                {n}
              </a>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <a href={href(page + 1)} rel="next">
              <span className="visually-hidden">{t.m.ui.nextPage}</span>
              <Icon name="chevron-end" size={18} />
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** `?page=` as a whole number from 1; anything else reads as null (the caller answers 404 or page 1). */
export function pageNumber(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  if (!/^[1-9][0-9]{0,3}$/.test(raw)) return null;
  return Number(raw);
}
