/**
 * The product page's shades or sizes with what follows the choice: price, availability and the
 * add-to-bag form. Every option is a plain link to `?variant=<sku>`, so choosing works without
 * JavaScript (a new page, kept per variant at the edge); once the island is awake a click swaps
 * the choice in place and writes it into the URL with replaceState, so the address stays the one
 * to share. The main image and the SKU line sit outside the island (in the gallery and the
 * heading's block); they are marked with data attributes and updated here.
 */
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import type { Availability, QuantityTexts } from "../../shared/cart-rules";
import { fill } from "../../shared/i18n/format";
import type { IslandTexts } from "../../shared/i18n/messages-type";
import { offersStockAlert } from "../../shared/stock-rules";
import { itemName, safeSwatch } from "../../shared/variants";
import { AvailabilityText } from "../components/availability";
import { pagePath } from "../components/page-locale";
import { PriceLine } from "../components/price";
import { VariantName } from "../components/variant-name";
import AddToBag from "./add-to-bag";

export interface VariantImage {
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** One shade or size as the page shows it, stock already applied. */
export interface VariantOption {
  sku: string;
  name: string;
  swatch: string | null;
  /** What one costs in the bag now, a sale's included (decision 0120). */
  price: number;
  oldPrice: number | null;
  /** The sale's whole percent off, or null. */
  percentOff: number | null;
  availability: Availability;
  left: number | null;
  /** The product page with `?variant=` for this one. */
  href: string;
  /** The main image when this one is chosen (its own, else the product's first). */
  image: VariantImage | null;
  /** "Or 4 payments of AED 59.75 with Tabby" at this one's price, or null (worker/shop/payments/instalment-line.tsx). */
  instalment?: string | null;
}

export interface VariantPickerProps extends IslandTexts<"product"> {
  slug: string;
  productName: string;
  kind: "shade" | "size";
  options: VariantOption[];
  chosen: string;
  /** The quantity rule's words for the buy box's add-to-bag (the catalogue's `bagActions.quantity`). */
  quantityTexts?: QuantityTexts;
}

/** "Shade: **Rosewood**", the name in bold wherever the language puts it. */
function chosenLabel(template: string, kind: string, name: string) {
  const [before = "", after = ""] = template.replace("{kind}", kind).split("{name}");
  return (
    <>
      {before}
      <strong>
        <VariantName name={name} />
      </strong>
      {after}
    </>
  );
}

function canOrder(availability: Availability): boolean {
  return availability === "in_stock" || availability === "prepurchase";
}

/** The gallery's first picture and the SKU line are server-rendered outside the island. */
function showOutside(option: VariantOption, skuLine: string): void {
  // The SKU line holds the code in a left-to-right <bdi> (product-page.tsx): only the code changes.
  const codes = document.querySelectorAll<HTMLElement>("[data-variant-sku-code]");
  for (const code of codes) code.textContent = option.sku;
  for (const img of document.querySelectorAll<HTMLImageElement>("img[data-variant-image]")) {
    if (!option.image) continue;
    img.removeAttribute("srcset");
    img.src = option.image.url;
    if (img.dataset.variantImage === "main") img.alt = option.image.alt;
  }
  // Paying in four follows the price (product-page.tsx marks the line).
  for (const line of document.querySelectorAll<HTMLElement>("[data-variant-instalment]")) {
    line.textContent = option.instalment ?? "";
    line.hidden = !option.instalment;
  }
  if (codes.length > 0) return;
  for (const sku of document.querySelectorAll<HTMLElement>("[data-variant-sku]")) sku.textContent = skuLine;
}

function OptionContent({
  option,
  kind,
  soldOut,
  outOfStock,
}: {
  option: VariantOption;
  kind: "shade" | "size";
  soldOut: boolean;
  /** ", out of stock", said after a sold-out option's name. */
  outOfStock: string;
}) {
  const swatch = kind === "shade" ? safeSwatch(option.swatch) : null;
  const out = soldOut ? <span className="visually-hidden">{outOfStock}</span> : null;
  if (!swatch) {
    // A size, or a shade the CMS gave no colour: its name is the label.
    return (
      <>
        <VariantName name={option.name} />
        {out}
      </>
    );
  }
  return (
    <>
      <span className="variant-option__chip" style={{ backgroundColor: swatch }} aria-hidden="true" />
      <span className="visually-hidden">{soldOut ? option.name + outOfStock : option.name}</span>
    </>
  );
}

export default function VariantPicker({
  slug,
  productName,
  kind,
  options,
  chosen: initial,
  quantityTexts,
  locale,
  texts,
}: VariantPickerProps) {
  const [chosen, setChosen] = useState(initial);
  // Awake, the options are one radio group: one tab stop, arrow keys move the choice (the ARIA radio
  // group pattern). Asleep (no JavaScript yet) they stay plain links, each reachable with Tab.
  const [awake, setAwake] = useState(false);
  const optionRefs = useRef(new Map<string, HTMLAnchorElement>());
  useEffect(() => {
    setAwake(true);
    // Tabbing into the options woke the island: as in any radio group, focus belongs on the choice.
    const focused = document.activeElement;
    const options = [...optionRefs.current.values()];
    if (focused instanceof HTMLAnchorElement && options.includes(focused)) optionRefs.current.get(initial)?.focus();
  }, [initial]);
  const current = options.find((o) => o.sku === chosen) ?? options[0];
  if (!current) return null;
  const labelId = `variant-label-${slug}`;
  const buyable = canOrder(current.availability);

  /** Makes `option` the choice; false when the page itself must change (the link loads it). */
  function chooseInPlace(option: VariantOption): boolean {
    if (!current) return false;
    // To or from a shade that is sold out or on pre-order, the page itself changes (it offers, or
    // stops offering, "tell me when it's back"): the link loads it, as it does without JavaScript.
    if (offersStockAlert(option.availability) || offersStockAlert(current.availability)) return false;
    setChosen(option.sku);
    // The option's link has no locale prefix (the worker's are given theirs as it renders): the
    // address written here must keep the page's, or a shared Arabic link opens the English page.
    history.replaceState(history.state, "", pagePath(option.href));
    showOutside(option, fill(locale, texts.sku, { sku: option.sku }));
    return true;
  }

  function choose(event: MouseEvent<HTMLAnchorElement>, option: VariantOption) {
    // A new tab or window is the link's own business.
    if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (chooseInPlace(option)) event.preventDefault();
  }

  function onKey(event: KeyboardEvent<HTMLAnchorElement>, option: VariantOption) {
    const at = options.indexOf(option);
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
    };
    let next: VariantOption | undefined;
    if (event.key in step) next = options[(at + (step[event.key] ?? 0) + options.length) % options.length];
    else if (event.key === "Home") next = options[0];
    else if (event.key === "End") next = options[options.length - 1];
    else if (event.key === " ") next = option;
    if (!next) return;
    event.preventDefault();
    if (next.sku === current?.sku) return;
    if (chooseInPlace(next)) optionRefs.current.get(next.sku)?.focus();
    else location.assign(pagePath(next.href));
  }

  return (
    <div className="variant-buy">
      <PriceLine
        price={current.price}
        oldPrice={current.oldPrice}
        percentOff={current.percentOff}
        locale={locale}
        texts={texts}
      />
      <AvailabilityText availability={current.availability} left={current.left} locale={locale} texts={texts} />
      <div className="variant-picker" {...{ role: awake ? "radiogroup" : "group", "aria-labelledby": labelId }}>
        <p id={labelId} className="variant-picker__label" aria-live="polite">
          {chosenLabel(texts.chosen, texts[kind], current.name)}
        </p>
        <ul className={`variant-picker__list variant-picker__list--${kind}`} role={awake ? "none" : undefined}>
          {options.map((option) => {
            const soldOut = !canOrder(option.availability);
            const swatch = kind === "shade" && safeSwatch(option.swatch) !== null;
            const isChosen = option.sku === current.sku;
            return (
              <li key={option.sku} role={awake ? "none" : undefined}>
                <a
                  ref={(element) => {
                    if (element) optionRefs.current.set(option.sku, element);
                    else optionRefs.current.delete(option.sku);
                  }}
                  href={option.href}
                  className={`variant-option variant-option--${swatch ? "swatch" : "text"}${soldOut ? " variant-option--out" : ""}`}
                  {...(awake
                    ? { role: "radio", "aria-checked": isChosen, tabIndex: isChosen ? undefined : -1 }
                    : { "aria-current": isChosen ? "true" : undefined })}
                  title={swatch ? option.name : undefined}
                  onClick={(event) => choose(event, option)}
                  // Live from hydration on, so a key the runtime held while it woke (client/islands.ts) is heard.
                  onKeyDown={(event) => onKey(event, option)}
                >
                  <OptionContent option={option} kind={kind} soldOut={soldOut} outOfStock={texts.outOfStockSuffix} />
                </a>
              </li>
            );
          })}
        </ul>
      </div>
      <div className="buy-box">
        <AddToBag
          key={current.sku}
          slug={slug}
          variant={current.sku}
          name={itemName(productName, current.name)}
          label={current.availability === "prepurchase" ? texts.preOrder : texts.addToBag}
          unavailable={buyable ? null : texts.availability.out_of_stock}
          withQuantity
          quantityTexts={quantityTexts}
          locale={locale}
          texts={texts}
        />
        {current.availability === "prepurchase" && <p className="field__hint">{texts.preOrderNote[kind]}</p>}
      </div>
    </div>
  );
}
