/**
 * Quick view from a product card: a modal <dialog> (focus moves in, Esc
 * closes, the page behind is inert, focus returns to the button) with images,
 * price, availability, quantity and add to bag. The product's data is fetched
 * when the dialog first opens. Before the island wakes, and without
 * JavaScript, the control is a link to the product page.
 */
import { useEffect, useId, useRef, useState } from "react";
import { canBuy } from "../../shared/cart-rules";
import { fill, plural } from "../../shared/i18n/format";
import type { IslandTexts } from "../../shared/i18n/messages-type";
import { type QuickViewProduct, quickViewUrl } from "../../shared/quick-view";
import { itemName } from "../../shared/variants";
import { AvailabilityText } from "../components/availability";
import { Icon } from "../components/icons";
import { pagePath } from "../components/page-locale";
import { PriceLine } from "../components/price";
import AddToBag from "./add-to-bag";

export interface QuickViewProps extends IslandTexts<"product"> {
  slug: string;
  name: string;
  href: string;
}

type Load =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready"; product: QuickViewProduct };

function Details({
  product,
  titleId,
  locale,
  texts,
}: { product: QuickViewProduct; titleId: string } & IslandTexts<"product">) {
  const [shown, setShown] = useState(0);
  const image = product.images[shown] ?? product.images[0];
  const { variant } = product;
  return (
    <div className="quick-view__layout">
      <div className="quick-view__gallery">
        {image && <img src={image.url} alt={image.alt} width={image.width} height={image.height} />}
        {product.images.length > 1 && (
          <ul className="quick-view__thumbs">
            {product.images.map((img, i) => (
              <li key={img.url}>
                <button type="button" aria-pressed={i === shown} onClick={() => setShown(i)}>
                  <img src={img.url} alt="" width={56} height={56} />
                  <span className="visually-hidden">
                    {fill(locale, texts.imageOf, { n: i + 1, total: product.images.length })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="quick-view__info">
        {product.brand && <p className="product-brand">{product.brand}</p>}
        <h2 id={titleId} className="quick-view__title">
          {product.name}
        </h2>
        {product.volume && <p className="muted">{product.volume}</p>}
        {variant && (
          <p className="muted">
            {fill(locale, texts.chosen, { kind: texts[variant.kind], name: variant.name })}
            {product.variantCount && ` · ${product.variantCount}`}
          </p>
        )}
        {product.rating && (
          <p className="rating-summary">
            {plural(locale, texts.ratingLine, product.rating.count, { rating: product.rating.average.toFixed(1) })}
          </p>
        )}
        <PriceLine
          price={product.price}
          oldPrice={product.oldPrice}
          percentOff={product.percentOff}
          locale={locale}
          texts={texts}
        />
        <AvailabilityText availability={product.availability} left={product.left} locale={locale} texts={texts} />
        <AddToBag
          slug={product.slug}
          variant={variant?.sku ?? null}
          name={itemName(product.name, variant?.name)}
          label={product.availability === "prepurchase" ? texts.preOrder : texts.addToBag}
          unavailable={canBuy(product.availability) ? null : texts.availability.out_of_stock}
          withQuantity
          locale={locale}
          texts={texts}
        />
        <a href={product.path} className="quick-view__more">
          {variant
            ? product.variantCount
              ? fill(locale, texts.viewAll, { count: product.variantCount })
              : texts.viewAllOptions
            : texts.viewDetails}
          <span className="visually-hidden">: {product.name}</span>
        </a>
      </div>
    </div>
  );
}

export default function QuickView({ slug, name, href, locale, texts }: QuickViewProps) {
  // The server and the first client render show the link; once awake it becomes a button.
  const [awake, setAwake] = useState(false);
  const [load, setLoad] = useState<Load>({ kind: "idle" });
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => setAwake(true), []);

  async function fetchProduct() {
    setLoad({ kind: "loading" });
    try {
      const response = await fetch(pagePath(quickViewUrl(slug)), { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(texts.gone);
      setLoad({ kind: "ready", product: (await response.json()) as QuickViewProduct });
    } catch (error) {
      const message = error instanceof TypeError ? texts.loadFailed : String((error as Error).message);
      setLoad({ kind: "error", message });
    }
  }

  function open() {
    dialogRef.current?.showModal();
    if (load.kind === "idle" || load.kind === "error") void fetchProduct();
  }

  function close() {
    dialogRef.current?.close();
  }

  if (!awake) {
    return (
      <a className="button button--outlined button--small button--block" href={href}>
        {texts.quickView}
        <span className="visually-hidden">: {name}</span>
      </a>
    );
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="button button--outlined button--small button--block"
        aria-haspopup="dialog"
        onClick={open}
      >
        {texts.quickView}
        <span className="visually-hidden">: {name}</span>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a mouse convenience; Esc closes for keyboards */}
      <dialog
        ref={dialogRef}
        className="quick-view"
        aria-labelledby={load.kind === "ready" ? titleId : undefined}
        aria-label={load.kind === "ready" ? undefined : fill(locale, texts.quickViewOf, { name })}
        onClose={() => buttonRef.current?.focus()}
        onClick={(event) => {
          if (event.target === dialogRef.current) close();
        }}
      >
        <div className="quick-view__inner">
          <button type="button" className="icon-button quick-view__close" onClick={close}>
            <Icon name="close" />
            <span className="visually-hidden">{texts.closeQuickView}</span>
          </button>
          {load.kind === "loading" && (
            <p role="status" className="quick-view__status">
              {fill(locale, texts.loading, { name })}
            </p>
          )}
          {load.kind === "error" && (
            <div role="alert" className="quick-view__status">
              <p>{load.message}</p>
              <p>
                <a href={href}>{texts.openProductPage}</a>
              </p>
            </div>
          )}
          {load.kind === "ready" && <Details product={load.product} titleId={titleId} locale={locale} texts={texts} />}
        </div>
      </dialog>
    </>
  );
}
