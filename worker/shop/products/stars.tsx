import { useTexts } from "../../frame/i18n/texts";

/** A rating shown as five stars, read out as words ("Rated 4 out of 5"). */
export function Stars({ rating, size = 18 }: { rating: number; size?: number }) {
  const t = useTexts();
  const rounded = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t.fill(t.m.ui.rated, { rating: String(rating) })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          viewBox="0 0 24 24"
          width={size}
          height={size}
          aria-hidden="true"
          focusable="false"
          className={n <= rounded ? "stars__on" : "stars__off"}
        >
          <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z" />
        </svg>
      ))}
    </span>
  );
}

/** "3 October 2026" and the machine-readable form, for <time>. */
export function DateText({ iso }: { iso: string }) {
  const date = new Date(iso);
  const t = useTexts();
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={date.toISOString()}>{t.date(date)}</time>;
}
