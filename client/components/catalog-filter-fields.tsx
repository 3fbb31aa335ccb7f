/**
 * The smart filter's fields (maker and line, price, year, availability), for the catalog-filter
 * island: the form and what it does on a change stay in client/islands/catalog-filter.tsx.
 */
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { AVAILABILITY_FILTERS, type CatalogFilter, type ListingScope, modelHint } from "../../shared/catalog-filter";
import type { IslandTexts } from "../../shared/i18n/messages-type";

export interface FilterBrand {
  slug: string;
  name: string;
  lines: { slug: string; name: string }[];
}

/** The island's texts, for its parts without threading them through each. */
export const FilterTexts = createContext<IslandTexts<"catalogFilter"> | null>(null);

function useTexts(): IslandTexts<"catalogFilter"> {
  const texts = useContext(FilterTexts);
  if (!texts) throw new Error("catalog filter texts missing");
  return texts;
}

const YEARS = [2026, 2025, 2024, 2023, 2022];

export function Fields({
  scope,
  brands,
  filter,
}: {
  scope: ListingScope;
  brands: FilterBrand[];
  filter: CatalogFilter;
}) {
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
            <span>{texts.lowestPrice}</span>
            <input
              type="number"
              name="cost[min]"
              min={0}
              inputMode="numeric"
              defaultValue={filter.priceMin ?? undefined}
            />
          </label>
          <label>
            <span>{texts.highestPrice}</span>
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
