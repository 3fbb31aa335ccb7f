/**
 * The smart filter of a category page and of a brand page (there the brand's lines, no maker). On the server (and without JavaScript) a
 * plain GET form; awake, every change updates the results in place: the page
 * for the new URL is fetched, its results replace ours, the URL is pushed, and
 * the back and forward buttons bring earlier results (and the form) back.
 */
import { createContext, type FormEvent, useContext, useEffect, useRef, useState } from "react";
import {
  AVAILABILITY_FILTERS,
  type CatalogFilter,
  isFiltered,
  type ListingScope,
  listingPath,
  modelHint,
  readCatalogFilter,
} from "../../shared/catalog-filter";
import { fill } from "../../shared/i18n/format";
import type { IslandTexts } from "../../shared/i18n/messages-type";
import { pagePath } from "../components/page-locale";

export interface FilterBrand {
  slug: string;
  name: string;
  lines: { slug: string; name: string }[];
}

export interface CatalogFilterProps extends IslandTexts<"catalogFilter"> {
  /** A category (brands are its maker facet) or a brand (`brands` holds only it; its lines are the facet). */
  scope: ListingScope;
  brands: FilterBrand[];
  filter: CatalogFilter;
}

/** The island's texts, for its parts without threading them through each. */
const Texts = createContext<IslandTexts<"catalogFilter"> | null>(null);

function useTexts(): IslandTexts<"catalogFilter"> {
  const texts = useContext(Texts);
  if (!texts) throw new Error("catalog filter texts missing");
  return texts;
}

const YEARS = [2026, 2025, 2024, 2023, 2022];
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

function Fields({ scope, brands, filter }: { scope: ListingScope; brands: FilterBrand[]; filter: CatalogFilter }) {
  const { texts } = useTexts();
  return scope.kind === "brand" ? (
    <>
      <fieldset>
        <legend>{texts.productLine}</legend>
        <div className="check-list">
          {brands[0]?.lines.map((l) => (
            <label key={l.slug} className="check">
              <input type="checkbox" name="model" value={l.slug} defaultChecked={filter.model.includes(l.slug)} />
              <span>{l.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <CommonFields filter={filter} />
    </>
  ) : (
    <>
      <MakerAndModel brands={brands} filter={filter} />
      <CommonFields filter={filter} />
    </>
  );
}

function MakerAndModel({ brands, filter }: { brands: FilterBrand[]; filter: CatalogFilter }) {
  const { texts } = useTexts();
  const [makers, setMakers] = useState(filter.maker);
  const makerRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    // A maker ticked before the island woke counts too.
    const ticked = makerRef.current?.querySelectorAll<HTMLInputElement>("input[name=maker]:checked") ?? [];
    setMakers([...ticked].map((input) => input.value));
  }, []);
  const hint = modelHint({ maker: makers }, texts);
  const maker = makers.length === 1 ? brands.find((b) => b.slug === makers[0]) : undefined;
  return (
    <>
      <fieldset
        ref={makerRef}
        onChange={(event) => {
          const form = (event.target as unknown as HTMLInputElement).form;
          if (form) setMakers(new FormData(form).getAll("maker").map(String));
        }}
      >
        <legend>{texts.maker}</legend>
        <div className="check-list">
          {brands.map((b) => (
            <label key={b.slug} className="check">
              <input type="checkbox" name="maker" value={b.slug} defaultChecked={filter.maker.includes(b.slug)} />
              <span>{b.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{texts.model}</legend>
        {hint ? (
          <p className="field__hint">{hint}</p>
        ) : (
          <div className="check-list">
            {maker?.lines.map((l) => (
              <label key={l.slug} className="check">
                <input type="checkbox" name="model" value={l.slug} defaultChecked={filter.model.includes(l.slug)} />
                <span>{l.name}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </>
  );
}

/** Year, cost, availability: the same on every listing. */
function CommonFields({ filter }: { filter: CatalogFilter }) {
  const { texts } = useTexts();
  return (
    <>
      <fieldset>
        <legend>{texts.year}</legend>
        <div className="check-list check-list--inline">
          {YEARS.map((y) => (
            <label key={y} className="check">
              <input type="checkbox" name="year" value={y} defaultChecked={filter.year.includes(y)} />
              <span>{y}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{texts.cost}</legend>
        <div className="price-range">
          <label>
            <span>{texts.from}</span>
            <input
              type="number"
              name="cost[min]"
              min={0}
              inputMode="numeric"
              defaultValue={filter.priceMin ?? undefined}
            />
          </label>
          <label>
            <span>{texts.to}</span>
            <input
              type="number"
              name="cost[max]"
              min={0}
              inputMode="numeric"
              defaultValue={filter.priceMax ?? undefined}
            />
          </label>
        </div>
      </fieldset>
      <fieldset>
        <legend>{texts.availability}</legend>
        <div className="check-list">
          {AVAILABILITY_FILTERS.map((a) => (
            <label key={a} className="check">
              <input type="checkbox" name="availability" value={a} defaultChecked={filter.availability.includes(a)} />
              <span>{texts.availabilities[a]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {filter.sort !== "popular" && <input type="hidden" name="sort" value={filter.sort} />}
    </>
  );
}

export default function CatalogFilterForm(props: CatalogFilterProps) {
  return (
    <Texts.Provider value={{ locale: props.locale, texts: props.texts }}>
      <FilterForm {...props} />
    </Texts.Provider>
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

  return (
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
  );
}
