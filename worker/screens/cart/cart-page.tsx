import type { Context } from "hono";
import { QUANTITY_MAX } from "../../../shared/cart-rules";
import { formatAed } from "../../../shared/money";
import { fewLeft } from "../../../shared/stock-rules";
import { text } from "../../../shared/text";
import { renderPage } from "../../frame/document/render-page";
import { FlashMessage, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { backgroundTask } from "../../platform/background-task";
import { readCartOwner } from "../../platform/stores/cart-owner";
import { acknowledgePrices } from "../../platform/stores/cart-store";
import type { CartItem, CartView } from "./cart-view";
import { loadCartView } from "./cart-view";

function ChangeNotice({ item }: { item: CartItem }) {
  if (!item.product) return <p className="line-notice">This product is no longer available. Please remove it.</p>;
  const notes: string[] = [];
  if (item.previousPrice !== null) {
    notes.push(`Price changed from ${formatAed(item.previousPrice)} to ${formatAed(item.product.price)}.`);
  }
  if (item.previousAvailability !== null || !item.buyable) {
    notes.push(`Now: ${text.availability[item.product.availability]}.`);
  }
  if (item.onlyLeft !== null)
    notes.push(`${fewLeft(item.onlyLeft)}: please change the quantity to ${item.onlyLeft} or less.`);
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

function CartLine({ item }: { item: CartItem }) {
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
        <p className="cart-line__name">{product ? <a href={product.path}>{name}</a> : name}</p>
        {product?.availability === "prepurchase" && (
          <p className="badge badge--amber">{text.availability.prepurchase}</p>
        )}
        <ChangeNotice item={item} />
        <div className="cart-line__controls">
          <form method="post" action="/cart/update" className="quantity-form">
            <LineFields item={item} />
            <label htmlFor={quantityId}>Quantity</label>
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
              Update
            </button>
          </form>
          <form method="post" action="/cart/remove">
            <LineFields item={item} />
            <button type="submit" className="link-button">
              Remove<span className="visually-hidden"> {name}</span>
            </button>
          </form>
        </div>
      </div>
      <p className="cart-line__price">
        {product ? formatAed(product.price * item.quantity) : "—"}
        {product && item.quantity > 1 && <span className="muted">{formatAed(product.price)} each</span>}
      </p>
    </li>
  );
}

export function TotalsTable({ view, deliveryLabel }: { view: Pick<CartView, "totals">; deliveryLabel?: string }) {
  const { totals } = view;
  return (
    <dl className="totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatAed(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>{deliveryLabel ?? "Delivery"}</dt>
        <dd>{totals.delivery === 0 ? "Free" : formatAed(totals.delivery)}</dd>
      </div>
      <div className="totals__vat">
        <dt>VAT 5% (included)</dt>
        <dd>{formatAed(totals.vat)}</dd>
      </div>
      <div className="totals__total">
        <dt>Total</dt>
        <dd>{formatAed(totals.total)}</dd>
      </div>
    </dl>
  );
}

export async function cartPage(c: Context<AppEnv>): Promise<Response> {
  const owner = await readCartOwner(c);
  const view = await loadCartView(c, owner);
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
  return renderPage(c, {
    title: "Shopping bag",
    description: "Your shopping bag at Noor Beauty.",
    body: (
      <section className="container page-section">
        <h1>Shopping bag</h1>
        <FlashMessage flash={flash} />
        {view.items.length === 0 ? (
          <div className="empty-state">
            <p>Your bag is empty.</p>
            <a className="button" href="/catalog">
              Browse the catalog
            </a>
          </div>
        ) : (
          <div className="cart-layout">
            <div>
              {view.hasChanges && (
                <div className="notice notice--info" role="status">
                  Some prices or availability changed since you added them. Please check your bag before you pay.
                </div>
              )}
              <ul className="cart-lines" aria-label="Products in your bag">
                {view.items.map((item) => (
                  <CartLine key={item.key} item={item} />
                ))}
              </ul>
            </div>
            <aside className="summary-card" aria-label="Order summary">
              <h2>Summary</h2>
              <TotalsTable view={view} deliveryLabel="Delivery (estimate)" />
              <p className="muted small">{text.shippingNote}</p>
              {view.canCheckout ? (
                <a className="button button--block" href="/cart/order">
                  Proceed to checkout
                </a>
              ) : (
                <p className="field-error" role="alert">
                  Remove the products that are out of stock to continue.
                </p>
              )}
            </aside>
          </div>
        )}
      </section>
    ),
  });
}
