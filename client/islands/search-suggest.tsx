/**
 * The header's search box. A plain GET form to /search without JavaScript;
 * awake, it suggests products as the shopper types (debounced), as an ARIA
 * combobox: arrows move through the suggestions, Enter opens one, Esc closes
 * the list, and Enter with none chosen searches as before. The field is a text
 * input with role=combobox (ARIA 1.2; an input of type search allows no role and
 * no aria-expanded); that it searches is said by the form's search landmark, named
 * apart from the search page's own, and by the keyboard's Search key (enterkeyhint).
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { plural } from "../../shared/i18n/format";
import type { IslandTexts } from "../../shared/i18n/messages-type";
import { routePath } from "../../shared/links";
import type { Suggestion } from "../../shared/quick-view";
import { Icon } from "../components/icons";
import { pagePath } from "../components/page-locale";
import { PriceLine } from "../components/price";

export interface SearchSuggestProps extends IslandTexts<"searchSuggest"> {
  query: string;
}

export const SUGGEST_MIN = 2;
const DELAY = 200;

export default function SearchSuggest({ query, locale, texts }: SearchSuggestProps) {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  const listId = useId();

  async function suggest(raw: string) {
    const q = raw.trim();
    pending.current?.abort();
    if (q.length < SUGGEST_MIN) {
      setItems([]);
      setOpen(false);
      setStatus("");
      return;
    }
    const controller = new AbortController();
    pending.current = controller;
    try {
      const response = await fetch(pagePath(routePath("catalog-api-suggest", { query: { q } })), {
        headers: { Accept: "application/json" },
        signal: controller.signal,
      });
      if (!response.ok) return;
      const body = (await response.json()) as { items: Suggestion[] };
      setItems(body.items);
      setActive(-1);
      setOpen(true);
      setStatus(body.items.length === 0 ? texts.none : plural(locale, texts.found, body.items.length));
    } catch {
      // Offline or aborted: the form still searches.
    }
  }

  function onInput(value: string) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void suggest(value), DELAY);
  }

  useEffect(() => {
    // Words typed before the island woke get their suggestions too.
    const input = inputRef.current;
    if (input && document.activeElement === input && input.value.trim() !== query) onInput(input.value);
    const close = (event: MouseEvent) => {
      if (!(event.target as Element).closest?.(".search-box")) setOpen(false);
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const shown = open && items.length > 0;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!shown) {
        if (items.length > 0) setOpen(true);
        return;
      }
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      // -1 is the input itself: past either end, the choice comes back to what was typed.
      setActive((i) => {
        const next = i + step;
        if (next >= items.length) return -1;
        if (next < -1) return items.length - 1;
        return next;
      });
    } else if (event.key === "Enter" && shown && active >= 0 && active < items.length) {
      event.preventDefault();
      location.assign(pagePath(items[active].path));
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const expanded = open && items.length > 0;
  const activeId = expanded && active >= 0 && active < items.length ? `${listId}-${active}` : undefined;
  return (
    <form className="search-box" action={routePath("search")} method="get" role="search" aria-label={texts.landmark}>
      <label htmlFor="site-search" className="visually-hidden">
        {texts.label}
      </label>
      <input
        ref={inputRef}
        id="site-search"
        name="q"
        type="text"
        inputMode="search"
        enterKeyHint="search"
        placeholder={texts.placeholder}
        defaultValue={query}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        onChange={(event) => onInput(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => items.length > 0 && setOpen(true)}
      />
      <button type="submit" className="icon-button">
        <Icon name="search" />
        <span className="visually-hidden">{texts.search}</span>
      </button>
      <div id={listId} className="search-suggest" role="listbox" aria-label={texts.suggestions} hidden={!expanded}>
        {items.map((item, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen with the arrows and Enter from the input
          <div
            key={item.path}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="search-suggest__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => location.assign(pagePath(item.path))}
          >
            <span className="search-suggest__name">{item.name}</span>
            <span className="search-suggest__meta">
              {item.kind === "product" ? (item.brand ?? (item.priceLine ? "" : item.price)) : texts[item.kind]}
            </span>
            {/* Priced as the product's card is: a sale's price, the old one struck through, "−20%" (decision 0120). */}
            {item.priceLine && <PriceLine {...item.priceLine} locale={locale} texts={texts} />}
          </div>
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
