import type { Totals } from "../../../shared/cart-rules";
import { routePath } from "../../../shared/links";
import { formatPrice } from "../../../shared/money";
import type { Quote } from "../../../shared/promotions/quote";
import { Rich, useTexts } from "../../frame/i18n/texts";
import type { CartGift } from "./cart-view";

/** A discount as the totals show it: from a quote (the bag, checkout) or an order (order_discounts). */
export interface DiscountShown {
  name: string;
  code: string | null;
  kind: string;
  amount: number;
  limitedTo: "cap" | "base" | null;
}

/** The sentence beside a discount that was held back: to its cap, or to what it applies to. */
function heldNote(discount: DiscountShown, price: (fils: number) => string, t: ReturnType<typeof useTexts>) {
  const words = t.m.promotions;
  if (discount.limitedTo === "cap") return t.fill(words.heldToCap, { amount: price(discount.amount) });
  if (discount.limitedTo === "base") return t.fill(words.heldToBase, { amount: price(discount.amount) });
  return null;
}

/** Subtotal, each discount by name and amount, delivery, the cash fee, the VAT included and the total. */
export function TotalsTable({
  totals,
  discounts,
  deliveryLabel,
}: {
  totals: Totals;
  discounts: readonly DiscountShown[];
  deliveryLabel?: string;
}) {
  const t = useTexts();
  const price = (fils: number) => formatPrice(t.locale, fils);
  const words = t.m.promotions;
  return (
    <dl className="totals">
      <div>
        <dt>{t.m.bag.subtotal}</dt>
        <dd>{price(totals.subtotal)}</dd>
      </div>
      {discounts
        .filter((d) => d.amount > 0)
        .map((discount) => {
          const note = heldNote(discount, price, t);
          return (
            <div key={`${discount.name}-${discount.code ?? ""}`} className="totals__discount">
              <dt>
                {/* The promotion's name and its code, Latin in an Arabic line, each isolated. */}
                {discount.code ? (
                  <Rich
                    text={words.withCode}
                    parts={{ name: <bdi>{discount.name}</bdi>, code: <bdi dir="ltr">{discount.code}</bdi> }}
                  />
                ) : (
                  <bdi>{discount.name}</bdi>
                )}
                {note && <span className="muted small"> {note}</span>}
              </dt>
              <dd>−{price(discount.amount)}</dd>
            </div>
          );
        })}
      <div>
        <dt>{deliveryLabel ?? t.m.bag.delivery}</dt>
        <dd>{totals.delivery === 0 ? t.m.bag.free : price(totals.delivery)}</dd>
      </div>
      {totals.codFee > 0 && (
        <div>
          <dt>{words.codFee}</dt>
          <dd>{price(totals.codFee)}</dd>
        </div>
      )}
      <div className="totals__vat">
        <dt>{t.m.bag.vat}</dt>
        <dd>{price(totals.vat)}</dd>
      </div>
      <div className="totals__total">
        <dt>{t.m.bag.total}</dt>
        <dd>{price(totals.total)}</dd>
      </div>
    </dl>
  );
}

/** A quote's totals with its discounts. */
export function QuoteTotals({ quote, deliveryLabel }: { quote: Quote; deliveryLabel?: string }) {
  return <TotalsTable totals={quote} discounts={quote.discounts} deliveryLabel={deliveryLabel} />;
}

/** How far the bag is from free delivery or a gift, or that it ships free (the quote's nudges). */
export function Nudges({ quote }: { quote: Quote }) {
  const { nudges } = quote;
  const shipsFree = quote.delivery === 0 || quote.discounts.some((d) => d.kind === "free_delivery");
  const t = useTexts();
  const amount = (fils: number) => formatPrice(t.locale, fils);
  // A promotion's name, in either language whatever the page's, is isolated in the sentence (decision 0129).
  const sentences = nudges.map((nudge, i) => (
    <p key={`${nudge.kind}-${nudge.name ?? i}`}>
      {nudge.kind === "free-delivery" ? (
        t.fill(t.m.bag.freeDeliveryIn, { amount: amount(nudge.missing) })
      ) : (
        <Rich
          text={nudge.kind === "gift" ? t.m.promotions.giftNudge : t.m.promotions.promotionFreeDeliveryNudge}
          parts={{ amount: amount(nudge.missing), name: <bdi>{nudge.name ?? ""}</bdi> }}
        />
      )}
    </p>
  ));
  if (sentences.length === 0 && !shipsFree) return null;
  return (
    <div className="free-delivery" role="status">
      {sentences.length === 0 ? <p>{t.m.bag.freeDelivery}</p> : sentences}
    </div>
  );
}

/** The gifts a promotion puts in the bag, each at 0 with its picture. */
export function GiftLines({ gifts }: { gifts: readonly CartGift[] }) {
  const t = useTexts();
  return gifts.map(({ promotionName, product }) => (
    <li key={`gift-${product.sku}`} className="cart-line cart-line--gift">
      <div className="cart-line__image">
        {product.image && <img src={product.image.url} alt={product.image.alt} width={96} height={96} loading="lazy" />}
      </div>
      <div className="cart-line__info">
        <p className="cart-line__name">{t.fill(t.m.promotions.gift, { name: product.name })}</p>
        <p className="muted small">
          <bdi>{promotionName}</bdi>
        </p>
      </div>
      <p className="cart-line__price">{t.m.promotions.giftFree}</p>
    </li>
  ));
}

/** The code field: a plain form (no script needed), its refusal beside it, and a way to take the code off. */
export function CodeForm({ code, error, typed }: { code: string | null; error: string | null; typed: string | null }) {
  const t = useTexts();
  const words = t.m.promotions;
  return (
    <div className="code-form">
      <form method="post" action={routePath("cart-code")}>
        <label htmlFor="promotion-code">{words.codeLabel}</label>
        <div className="code-form__row">
          <input
            id="promotion-code"
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            defaultValue={typed ?? code ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "promotion-code-error" : undefined}
          />
          <button type="submit" className="button button--outlined button--small">
            {words.apply}
          </button>
        </div>
        {error && (
          <p id="promotion-code-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {code && (
        <form method="post" action={routePath("cart-code-remove")}>
          <button type="submit" className="link-button">
            {words.removeCode}
            <span className="visually-hidden"> {code}</span>
          </button>
        </form>
      )}
    </div>
  );
}
