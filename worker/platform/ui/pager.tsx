/** Numbered pages for lists (blog, reviews): `?page=n`, the first page without it. */
export function pageHref(base: string, n: number, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (n > 1) params.set("page", String(n));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** The one pager of every list (catalogue, search, blog, reviews): previous, numbered pages, next. */
export function Pager({
  base,
  page,
  pageCount,
  query,
  href = (n) => pageHref(base, n, query),
  label = "Pages",
}: {
  base: string;
  page: number;
  pageCount: number;
  query?: Record<string, string>;
  /** Where page n is, when it is more than `base` and `query` say (the catalogue's filter). */
  href?: (n: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {page > 1 && (
          <li>
            <a href={href(page - 1)} rel="prev">
              <span className="visually-hidden">Previous page</span>
              <span aria-hidden="true">‹</span>
            </a>
          </li>
        )}
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page">{n}</span>
            ) : (
              <a href={href(n)}>
                <span className="visually-hidden">Page </span>
                {n}
              </a>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <a href={href(page + 1)} rel="next">
              <span className="visually-hidden">Next page</span>
              <span aria-hidden="true">›</span>
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
