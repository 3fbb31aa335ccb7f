/**
 * The smart filter of a category page and of a brand page (there the brand's lines, no maker). On the server (and without JavaScript) a
 * plain GET form; awake, every change updates the results in place: the page
 * for the new URL is fetched, its results replace ours, the URL is pushed, and
 * the back and forward buttons bring earlier results (and the form) back.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  activeChoices,
  type CatalogFilter,
  isFiltered,
  type ListingScope,
  listingPath,
  readCatalogFilter,
} from "../../shared/catalog-filter";
import { fill } from "../../shared/i18n/format";
import type { IslandTexts } from "../../shared/i18n/messages-type";
import { Fields, type FilterBrand, FilterTexts } from "../components/catalog-filter-fields";
import { pagePath } from "../components/page-locale";

export interface CatalogFilterProps extends IslandTexts<"catalogFilter"> {
  /** A category (brands are its maker facet) or a brand (`brands` holds only it; its lines are the facet). */
  scope: ListingScope;
  brands: FilterBrand[];
  filter: CatalogFilter;
}

/** The server's results region; its data-filter holds the filter it was rendered for. */
export const RESULTS_ID = "catalog-results";
const TYPING_DELAY = 400;

/** The URL a GET submit of this form would go to (the same names, so the server reads it the same way). */
function formUrl(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.append(key, value.trim());
  }
  const query = params.toString();
  return form.getAttribute("action") + (query ? `?${query}` : "");
}

export default function CatalogFilterForm(props: CatalogFilterProps) {
  return (
    <FilterTexts.Provider value={{ locale: props.locale, texts: props.texts }}>
      <FilterForm {...props} />
    </FilterTexts.Provider>
  );
}

function FilterForm({ scope, brands, filter: initial, locale, texts }: CatalogFilterProps) {
  // In the page's language: the results fetched, the URL pushed and the reset link stay on its pages.
  const base = pagePath(listingPath(scope));
  // A new filter (back/forward, reset) remounts the fields with its values.
  const [shown, setShown] = useState({ filter: initial, key: 0 });
  const [current, setCurrent] = useState(initial);
  const [status, setStatus] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useRef<AbortController | null>(null);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Fetches the page for `url` and puts its results in place of ours; answers the filter it shows. */
  async function show(url: string): Promise<CatalogFilter | null> {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    const results = document.getElementById(RESULTS_ID);
    results?.setAttribute("aria-busy", "true");
    setStatus(texts.updating);
    try {
      const response = await fetch(url, { headers: { Accept: "text/html" }, signal: controller.signal });
      if (!response.ok) throw new Error(String(response.status));
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = doc.getElementById(RESULTS_ID);
      if (!fresh || !results) throw new Error("no results region");
      results.replaceWith(fresh);
      document.title = doc.title;
      window.dispatchEvent(new CustomEvent("islands:scan", { detail: fresh }));
      const count = fresh.querySelector("[data-result-count]")?.textContent ?? "";
      setStatus(count ? fill(locale, texts.showing, { count }) : "");
      return JSON.parse(fresh.dataset.filter ?? "null") as CatalogFilter | null;
    } catch (error) {
      if ((error as Error).name === "AbortError") return null;
      // Something went wrong: the plain navigation still works.
      location.assign(url);
      return null;
    } finally {
      if (pending.current === controller) pending.current = null;
    }
  }

  async function apply() {
    const form = formRef.current;
    if (!form) return;
    const url = formUrl(form);
    if (url === location.pathname + location.search) return;
    history.pushState({ catalogFilter: true }, "", url);
    const filter = await show(url);
    if (filter) setCurrent(filter);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    clearTimeout(typing.current);
    const typed = (event.target as HTMLInputElement).type === "number";
    typing.current = setTimeout(() => void apply(), typed ? TYPING_DELAY : 0);
  }

  useEffect(() => {
    // Changes made before the island woke (the first click wakes it) are applied now.
    const form = formRef.current;
    if (form && formUrl(form) !== location.pathname + location.search) void apply();
    async function onPop() {
      if (location.pathname !== base) return;
      const filter = await show(location.pathname + location.search);
      if (!filter) return;
      setShown((s) => ({ filter, key: s.key + 1 }));
      setCurrent(filter);
    }
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);

  const active = activeChoices(current);
  // On a phone the form folds behind a "Filter" button (a <details>, so it works without JavaScript),
  // and the products start on the first screen; from 960 px the summary is hidden and the form is
  // always shown (client/styles/catalog.css).
  return (
    <details className="filter-panel">
      <summary className="filter-panel__toggle">
        {texts.filter}
        {active > 0 && (
          <>
            <span className="filter-panel__count" aria-hidden="true">
              {active}
            </span>
            <span className="visually-hidden">, {fill(locale, texts.activeCount, { count: active })}</span>
          </>
        )}
      </summary>
      <form
        ref={formRef}
        id="smart-filter"
        className="smart-filter"
        method="get"
        action={base}
        aria-label={texts.filterProducts}
        onChange={onChange}
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(typing.current);
          void apply();
        }}
      >
        <h2 className="smart-filter__title">{texts.filter}</h2>
        <Fields key={shown.key} scope={scope} brands={brands} filter={shown.filter} />
        <p className="visually-hidden" role="status">
          {status}
        </p>
        <div className="smart-filter__actions">
          <button type="submit" className="button button--block">
            {texts.showProducts}
          </button>
          {isFiltered(current) && (
            <a
              className="button button--outlined button--block"
              href={base}
              onClick={(event) => {
                event.preventDefault();
                const empty = readCatalogFilter({});
                setShown((s) => ({ filter: empty, key: s.key + 1 }));
                setCurrent(empty);
                history.pushState({ catalogFilter: true }, "", base);
                void show(base);
              }}
            >
              {texts.resetFilter}
            </a>
          )}
        </div>
      </form>
    </details>
  );
}
