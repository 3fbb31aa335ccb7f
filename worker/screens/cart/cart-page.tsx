import type { Context } from "hono";
import { ItemName } from "../../../client/components/variant-name";
import { QUANTITY_MAX } from "../../../shared/cart-rules";
import { routePath } from "../../../shared/links";
import { formatPrice } from "../../../shared/money";
import { renderPage } from "../../frame/document/render-page";
import { textsOf, useTexts } from "../../frame/i18n/texts";
import { FlashMessage, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { readCartOwner } from "../../platform/bag/cart-owner";
import { acknowledgePrices } from "../../platform/bag/cart-writes";
import { getContacts } from "../../platform/cms-client/layout-records";
import { backgroundTask } from "../../platform/errors/background-task";
import { InstalmentLine, instalmentLine } from "../../shop/payments/instalment-line";
import { OrderOnWhatsapp } from "./bag-whatsapp";
import { CodeForm, GiftLines, Nudges, TotalsTable } from "./cart-totals";
import type { CartItem, CartView } from "./cart-view";
import { loadCartView } from "./cart-view";
import { totalsFor } from "./checkout-choices";
import { codeRefusal, refusalSentence } from "./code-refusal";
import { NoWayToPay, payWays } from "./no-way-to-pay";
import { shopWhatsapp } from "./order-whatsapp";

function ChangeNotice({ item, catalogueDown }: { item: CartItem; catalogueDown: boolean }) {
  const t = useTexts();
  // With the CMS not answering no product is known: the bag's notice says so once, not "gone" per line.
  if (catalogueDown) return null;
  if (!item.product) return <p className="line-notice">{t.m.bag.gone}</p>;
  const notes: string[] = [];
  if (item.previousPrice !== null) {
    const before = formatPrice(t.locale, item.previousPrice);
    notes.push(t.fill(t.m.bag.priceChanged, { before, now: formatPrice(t.locale, item.product.price) }));
  }
  if (item.previousAvailability !== null || !item.buyable) {
    notes.push(t.fill(t.m.bag.now, { availability: t.m.product.availability[item.product.availability] }));
  }
  if (item.onlyLeft !== null) notes.push(t.fill(t.m.bag.tooMany, { left: String(item.onlyLeft) }));
  if (notes.length === 0) return null;
  return <p className="line-notice">{notes.join(" ")}</p>;
}

/** The hidden fields that say which line a form is about. */
function LineFields({ item }: { item: CartItem }) {
  return (
    <>
      <input type="hidden" name="slug" value={item.slug} />
      <input type="hidden" name="variant" value={item.variantSku} />
    </>
  );
}

function CartLine({ item, catalogueDown }: { item: CartItem; catalogueDown: boolean }) {
  const t = useTexts();
  const price = (fils: number) => formatPrice(t.locale, fils);
  const product = item.product;
  const name = product?.name ?? item.slug;
  const quantityId = `qty-${item.key.replace(/[^a-zA-Z0-9-]/g, "-")}`;
  return (
    <li className="cart-line">
      <div className="cart-line__image">
        {product?.image && (
          <img src={product.image.url} alt={product.image.alt} width={96} height={96} loading="lazy" />
        )}
      </div>
      <div className="cart-line__info">
        {product?.brand && <p className="product-brand">{product.brand}</p>}
        <p className="cart-line__name">
          {product ? (
            <a href={product.path}>
              <ItemName name={name} />
            </a>
          ) : (
            name
          )}
        </p>
        {product?.availability === "prepurchase" && (
          <p className="badge badge--amber">{t.m.product.availability.prepurchase}</p>
        )}
        <ChangeNotice item={item} catalogueDown={catalogueDown} />
        <div className="cart-line__controls">
          <form method="post" action={routePath("cart-update")} className="quantity-form">
            <LineFields item={item} />
            <label htmlFor={quantityId}>{t.m.bag.quantity}</label>
            <input
              id={quantityId}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={QUANTITY_MAX}
              defaultValue={item.quantity}
              required
            />
            <button type="submit" className="button button--outlined button--small">
              {t.m.bag.update}
            </button>
          </form>
          <form method="post" action={routePath("cart-remove")}>
            <LineFields item={item} />
            <button type="submit" className="link-button">
              {t.m.bag.remove}
              <span className="visually-hidden"> {name}</span>
            </button>
          </form>
        </div>
      </div>
      <p className="cart-line__price">
        {product ? price(product.price * item.quantity) : "—"}
        {product && item.quantity > 1 && (
          <span className="muted">{t.fill(t.m.bag.each, { price: price(product.price) })}</span>
        )}
      </p>
    </li>
  );
}

/** A code typed and refused: shown in its field with the sentence beside it (the bag's page, 422). */
export interface TypedCode {
  code: string;
  error: string;
}

export async function cartPage(c: Context<AppEnv>): Promise<Response> {
  const view = await loadCartView(c, await readCartOwner(c));
  return renderCart(c, view);
}

/** The bag's page for a view read already; a refused code comes back in its field (status 422). */
export async function renderCart(c: Context<AppEnv>, view: CartView, typed?: TypedCode): Promise<Response> {
  // The shop's WhatsApp number, from the contacts record the page's layout reads too.
  const whatsapp = view.items.length > 0 ? await shopWhatsapp(c) : null;
  // How the bag can be paid: nothing at all is said here once, and cash alone shows its fee (no-way-to-pay.tsx).
  const ways = payWays(c.env, view);
  const stuck = view.items.length > 0 && !ways.other && !ways.cash && !view.catalogueDown;
  const contacts = stuck ? await getContacts(c, c.get("locale")) : null;
  const cashOnly = !ways.other && ways.cash ? totalsFor(view, "transport", "cash") : null;
  const flash = takeFlash(c);
  // The shopper sees today's prices on this page: remember them as seen.
  if (view.cartId && view.hasChanges) {
    backgroundTask(
      c,
      acknowledgePrices(
        c.env.DB,
        view.cartId,
        view.items.flatMap((i) =>
          i.product
            ? [
                {
                  productSlug: i.slug,
                  variantSku: i.variantSku,
                  price: i.product.price,
                  availability: i.product.availability,
                },
              ]
            : [],
        ),
      ),
    );
  }
  const t = textsOf(c);
  const b = t.m.bag;
  const refused = codeRefusal(view);
  const codeError = typed?.error ?? (refused ? refusalSentence(t, refused) : null);
  const giftsGone = view.quote.giftsGone.map((name) => t.fill(t.m.promotions.giftGone, { name }));
  return renderPage(c, {
    title: b.title,
    description: b.description,
    // The CMS gave no answer: the bag is kept, but nothing of it can be priced; ask again (decision 0101).
    status: view.catalogueDown ? 503 : typed ? 422 : 200,
    body: (
      <section className="container page-section">
        <h1>{b.title}</h1>
        <FlashMessage flash={flash} />
        {view.items.length === 0 ? (
          <div className="empty-state">
            <p>{b.empty}</p>
            <a className="button" href={routePath("catalog")}>
              {b.browseCatalog}
            </a>
          </div>
        ) : (
          <div className="cart-layout">
            <div>
              {view.catalogueDown && (
                <div className="notice notice--info" role="status">
                  {b.catalogueDown}
                </div>
              )}
              {view.hasChanges && (
                <div className="notice notice--info" role="status">
                  {b.changed}
                </div>
              )}
              <ul className="cart-lines" aria-label={b.lines}>
                {view.items.map((item) => (
                  <CartLine key={item.key} item={item} catalogueDown={view.catalogueDown} />
                ))}
                <GiftLines gifts={view.gifts} />
              </ul>
              {giftsGone.map((sentence) => (
                <p key={sentence} className="notice notice--info" role="status">
                  {sentence}
                </p>
              ))}
            </div>
            <aside className="summary-card" aria-label={b.summaryLabel}>
              <h2>{b.summary}</h2>
              <CodeForm
                code={typed ? null : (view.promotions.code?.code ?? null)}
                error={codeError}
                typed={typed?.code ?? null}
              />
              <TotalsTable
                totals={cashOnly ?? view.totals}
                discounts={view.quote.discounts}
                deliveryLabel={b.deliveryEstimate}
              />
              {cashOnly && cashOnly.codFee > 0 && (
                <p className="muted small">
                  {t.fill(t.m.promotions.cashOnly, { fee: formatPrice(t.locale, cashOnly.codFee) })}
                </p>
              )}
              <Nudges quote={view.quote} />
              <InstalmentLine text={instalmentLine(c.env, t, view.totals.total)} />
              <p className="muted small">{t.m.checkout.shippingNote}</p>
              {stuck ? (
                <NoWayToPay view={view} contacts={contacts} />
              ) : view.canCheckout ? (
                <a className="button button--block" href={routePath("cart-order")}>
                  {b.checkout}
                </a>
              ) : view.catalogueDown ? null : (
                <p className="field-error" role="alert">
                  {b.removeOutOfStock}
                </p>
              )}
              <OrderOnWhatsapp view={view} digits={whatsapp} />
            </aside>
          </div>
        )}
      </section>
    ),
  });
}
