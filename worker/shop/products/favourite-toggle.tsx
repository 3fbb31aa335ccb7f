import { routePath } from "../../../shared/links";
import { useTexts } from "../../frame/i18n/texts";

/**
 * The heart: a small form that works without JavaScript. A kept page renders every heart empty;
 * `data-favourite` marks its three parts for frame/personal/favourite-hearts.ts to press the shopper's own.
 */
export function FavouriteToggle({ slug, name, active }: { slug: string; name: string; active: boolean }) {
  const t = useTexts();
  const remove = t.fill(t.m.ui.removeFavourite, { name });
  return (
    <form method="post" action={routePath("favorites-toggle")} className="favourite-toggle">
      <input type="hidden" name="slug" value={slug} />
      <button type="submit" className="icon-button" aria-pressed={active} data-favourite={slug}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
            fill={active ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.6"
            data-favourite={slug}
          />
        </svg>
        <span className="visually-hidden" data-favourite={slug} data-label-on={remove}>
          {active ? remove : t.fill(t.m.ui.saveFavourite, { name })}
        </span>
      </button>
    </form>
  );
}
