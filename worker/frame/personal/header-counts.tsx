import { Icon } from "../../../client/components/icons";
import { type CounterKind, type CounterTexts, counterLabel } from "../../../shared/header-counter";
import type { Translator } from "../../../shared/i18n/translator";
import { routePath } from "../../../shared/links";
import { useTexts } from "../i18n/texts";
import { type PersonalFragment, type ShopperView, shopperFragment } from "./personal-fragment";

const LINKS: Record<CounterKind, { href: string; icon: "bag" | "heart" }> = {
  bag: { href: routePath("cart"), icon: "bag" },
  favourites: { href: routePath("favorites"), icon: "heart" },
};

/**
 * A header link with a count: the label for screen readers, the badge for eyes (always there, empty and
 * so not drawn at 0, so the add-to-bag island can move it at once). A kept page carries it at 0; `data-hole` marks both
 * parts for the fragment below to fill.
 */
function counterTexts(t: Translator, kind: CounterKind): CounterTexts {
  return { locale: t.locale, name: t.m.layout[kind], forms: t.m.layout.counter };
}

export function CountLink({ kind, count }: { kind: CounterKind; count: number }) {
  const { href, icon } = LINKS[kind];
  const texts = counterTexts(useTexts(), kind);
  return (
    <a className="icon-button" href={href}>
      <Icon name={icon} />
      <span
        className="visually-hidden"
        data-counter-label={kind}
        data-counter-texts={JSON.stringify(texts)}
        data-hole={`${kind}-label`}
      >
        {counterLabel(texts, count)}
      </span>
      <span className="counter" aria-hidden="true" data-counter={kind} data-hole={`${kind}-count`}>
        {count > 0 ? count : ""}
      </span>
    </a>
  );
}

function countFragment(kind: CounterKind, count: (view: ShopperView) => number): PersonalFragment {
  return shopperFragment({
    name: `${kind}-count`,
    wants: () => true,
    fill(rewriter, view, { t }) {
      const n = count(view);
      rewriter
        .on(`[data-hole="${kind}-count"]`, {
          element(el) {
            el.setInnerContent(n > 0 ? String(n) : "");
          },
        })
        .on(`[data-hole="${kind}-label"]`, {
          element(el) {
            el.setInnerContent(counterLabel(counterTexts(t, kind), n));
          },
        });
    },
  });
}

/** The number of items in the bag, in the header. */
export const bagCount = countFragment("bag", (view) => view.bag);

/** The number of favourites, in the header. */
export const favouritesCount = countFragment("favourites", (view) => view.favouriteCount);
