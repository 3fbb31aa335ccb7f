import type { Context } from "hono";
import { cashOfferedTo } from "../../../shared/cash-on-delivery";
import type { CheckoutInput } from "../../../shared/forms/checkout";
import { type Translator, translator } from "../../../shared/i18n/translator";
import { formatPrice } from "../../../shared/money";
import { siteOrigin } from "../../frame/head/site-origin";
import { getContacts } from "../../frame/layout/layout-data";
import { noteOwnChange } from "../../frame/shells/own-changes";
import type { AppEnv, LimitRefusal } from "../../platform/app-env";
import type { CartOwner } from "../../platform/bag/cart-store";
import { bagStatements, readBag } from "../../platform/bag/cart-store";
import { setQuantity } from "../../platform/bag/cart-writes";
import { type CountRow, countsOf, knownShopperCounts } from "../../platform/bag/shopper-counts";
import { withRetries } from "../../platform/database/retry";
import { backgroundTask } from "../../platform/errors/background-task";
import { carriedLimits, carriedRefusal } from "../../platform/middleware/route-limits";
import { refusalsOf, refusalsStatement } from "../../platform/orders/cash-confirmation-store";
import type { Order } from "../../platform/orders/order-record";
import {
  findOrderByIdempotencyKey,
  newOrderNumber,
  orderBelongsTo,
  orderStatements,
  readOrder,
} from "../../platform/orders/order-store";
import {
  PROMOTION_READS,
  promotionStatements,
  readPromotions,
  shopperKeys,
} from "../../platform/promotions/promotion-store";
import { promotionRefusal } from "../../platform/promotions/redeem-statements";
import { afterStockWrite } from "../../platform/stock/stock-moves";
import { readStock } from "../../platform/stock/stock-store";
import { type CartView, cartViewOf, loadCartView } from "./cart-view";
import { codeRefusal, refusalSentence } from "./code-refusal";
import { instalmentRefusal } from "./instalment-choice";
import type { OrderToWrite } from "./order-steps/order-step";
import { orderWrite } from "./order-steps/order-write";

export type PlaceOrderResult =
  /** `giftsGone`: the promotions whose gift ran out between the bag's read and the order's batch (left out, said on the next page). */
  | { ok: true; order: Order; created: boolean; giftsGone?: string[] }
  /** catalogue-down: the CMS gave no answer, so nothing is known of the lines and nothing is placed (decision 0101). */
  | { ok: false; reason: "empty" | "unavailable" | "changed" | "catalogue-down" }
  /** Over the orders' limits, and not a replay of an order placed. */
  | { ok: false; reason: "limited"; refused: LimitRefusal }
  /** Some lines asked for more than is left: nothing was written, the bag now asks for what is. */
  | { ok: false; reason: "stock"; messages: string[] }
  /** The bag's code does not apply (used up meanwhile, …): nothing was written, the bag and its code are kept. */
  | { ok: false; reason: "code"; message: string }
  /**
   * Cash on delivery chosen for a bag above the largest cash order, or by a phone whose parcels were
   * refused at the door too often (`phone`: refused whatever the bag, decision 0118).
   */
  | { ok: false; reason: "cash"; message: string; phone?: boolean }
  /** Instalments the provider would not take (decision 0119). */
  | { ok: false; reason: "instalments"; message: string };

/**
 * Lines that ask for more than is on hand (counted SKUs that can't be sold ahead): each is
 * changed in the bag to what is left (a sold-out line stays, shown as out of stock, so nothing
 * the shopper chose disappears) and named in the message.
 */
async function correctShortages(db: D1Database, view: CartView, t: Translator): Promise<string[]> {
  const short = view.items.filter(
    (i) => i.product && i.product.onHand !== null && !i.product.sellAhead && i.quantity > i.product.onHand,
  );
  if (!view.cartId || short.length === 0) return [];
  for (const item of short) {
    const onHand = item.product!.onHand!;
    if (onHand > 0) await setQuantity(db, view.cartId, { productSlug: item.slug, variantSku: item.variantSku }, onHand);
  }
  return short.map((i) => {
    const onHand = i.product!.onHand!;
    const name = i.product!.name;
    return onHand <= 0
      ? t.fill(t.m.bagActions.soldOut, { name })
      : t.fill(t.m.bagActions.shortage, { name, left: onHand });
  });
}

/** D1 reports a batch that would take stock below zero as stock_levels' CHECK failing. */
function isStockRefusal(error: unknown): boolean {
  return error instanceof Error && /CHECK constraint failed/i.test(error.message) && /on_hand/i.test(error.message);
}

/**
 * Turns the server-side bag into an order in two D1 round trips (docs/decisions/0100). The first
 * counts the route's limits, looks for an order under the form's idempotency key and reads the bag
 * with its stock; the second writes the order, its lines, the stock it takes, the bag's emptying and
 * the two e-mails, and reads the order back, all in one batch. The key makes a double click or a
 * retried request produce exactly one order: every statement after the order row is guarded on this
 * attempt's number, and a batch sent again after a lost answer is a new attempt (a new number), so it
 * writes nothing twice and reads back the order that was written.
 */
export async function placeOrder(
  c: Context<AppEnv>,
  owner: CartOwner,
  input: CheckoutInput,
  requestedKey: string,
  acceptChanges: boolean,
): Promise<PlaceOrderResult> {
  const db = c.env.DB;
  const limits = carriedLimits(c);
  const user = c.get("user");
  const userId = user ? Number(user.id) : null;
  // A guest is counted by mailbox and phone for per-shopper limits, an account by itself (docs/promotions.md).
  const keys = shopperKeys(userId, input.email, input.phone);
  const shopper = { owner, userId, email: input.email, keys };
  let first: D1Result[];
  try {
    first = await db.batch([
      ...limits,
      ...orderStatements(db, { key: requestedKey }),
      ...bagStatements(db, owner),
      ...promotionStatements(db, shopper, new Date()),
      // Parcels refused at the door to this phone (decision 0118): read here, not in a trip of its own.
      refusalsStatement(db, input.phone),
    ]);
  } catch (error) {
    const refused = carriedRefusal(c, error);
    if (!refused) throw error;
    // Over a limit: a replay of an order this shopper placed still goes on to it.
    const existing = await findOrderByIdempotencyKey(db, requestedKey);
    return existing && orderBelongsTo(existing, owner)
      ? { ok: true, order: existing, created: false }
      : { ok: false, reason: "limited", refused };
  }
  const results = first.slice(limits.length);
  const existing = readOrder(results.slice(0, 2));
  if (existing && orderBelongsTo(existing, owner)) return { ok: true, order: existing, created: false };
  // Another shopper's key (copied, never guessed): this bag is placed under a key of its own.
  const idempotencyKey = existing ? crypto.randomUUID() : requestedKey;

  const choices = { delivery: input.delivery, region: input.region || null, payment: input.payment };
  // An order is priced from the CMS itself, never from a cached record: a missed webhook must not cost money.
  c.set("uncachedRecords", true);
  const [view, contacts] = await Promise.all([
    cartViewOf(
      c,
      readBag(results.slice(2, 4)),
      readPromotions(results.slice(4, 4 + PROMOTION_READS), c.get("locale")),
      choices,
    ),
    getContacts(c, c.get("locale")),
  ]);
  if (!view.cartId || view.items.length === 0) return { ok: false, reason: "empty" };
  if (view.catalogueDown) return { ok: false, reason: "catalogue-down" };
  const t = translator(c.get("locale"));
  const shortages = await correctShortages(db, view, t);
  if (shortages.length > 0) return { ok: false, reason: "stock", messages: shortages };
  if (!view.canCheckout) return { ok: false, reason: "unavailable" };
  if (view.hasChanges && !acceptChanges) return { ok: false, reason: "changed" };
  const refused = codeRefusal(view);
  if (refused) return { ok: false, reason: "code", message: refusalSentence(t, refused) };
  if (input.payment === "cash" && !view.quote.cashAllowed) {
    const amount = formatPrice(t.locale, view.promotions.settings.cashMax ?? 0);
    return { ok: false, reason: "cash", message: t.fill(t.m.promotions.cashTooLarge, { amount }) };
  }
  if (input.payment === "cash" && !cashOfferedTo(refusalsOf(first.at(-1)))) {
    return { ok: false, reason: "cash", message: t.m.promotions.cashRefusedPhone, phone: true };
  }
  const instalments = instalmentRefusal(c.env, t, input.payment, view.totals.total);
  if (instalments) return { ok: false, reason: "instalments", message: instalments };

  const order: OrderToWrite = {
    c,
    owner,
    input,
    idempotencyKey,
    view,
    receiver: contacts?.receiver ?? null,
    shopperKeys: keys,
    contacts,
  };
  let numberWritten = "";
  let written: D1Result[];
  try {
    written = await withRetries(() => {
      numberWritten = newOrderNumber();
      return db.batch(orderWrite(order, numberWritten));
    });
  } catch (error) {
    // A code or promotion went past its uses between the bag's read and this batch: nothing was written.
    const used = promotionRefusal(error);
    if (used) return { ok: false, reason: "code", message: refusalSentence(t, { reason: used }) };
    if (!isStockRefusal(error)) throw error;
    // Another shopper took the last ones between this bag's read and its batch: read again, say what is left.
    c.set("uncachedRecords", true);
    const fresh = await loadCartView(c, owner, choices, { exact: true });
    const messages = await correctShortages(db, fresh, t);
    return { ok: false, reason: "stock", messages: messages.length > 0 ? messages : [t.m.bagActions.stockChanged] };
  }
  const placed = readOrder(written.slice(-2));
  knownShopperCounts(c, owner, countsOf(written.at(-3)!.results as CountRow[]));
  if (!placed) throw new Error("Order was not written");
  const created = placed.number === numberWritten;
  const counted = view.items.filter((i) => i.product!.onHand !== null);
  if (created && counted.length > 0) {
    backgroundTask(c, showStockChanges(c, counted));
    // The shopper's next pages show what their order left, not a copy kept before it (own-changes.ts).
    noteOwnChange(c);
  }
  // A gift's line is written only while it has one on hand (gift-statements.ts): one that ran out meanwhile is missing.
  const given = placed.lines.filter((l) => l.gift).map((l) => l.sku);
  const missing = view.gifts
    .filter((g) => {
      const at = given.indexOf(g.product.sku);
      if (at >= 0) given.splice(at, 1);
      return at < 0;
    })
    .map((g) => g.promotionName);
  // Those the order's own read found gone too: the shopper may have seen them in the bag a moment before.
  const giftsGone = created ? [...new Set([...view.quote.giftsGone, ...missing])] : [];
  return { ok: true, order: placed, created, giftsGone };
}

/** What follows a stock write (worker/platform/stock/stock-moves.ts), for what this order took. */
async function showStockChanges(c: Context<AppEnv>, counted: CartView["items"]): Promise<void> {
  const after = await readStock(
    c.env.DB,
    counted.map((i) => i.product!.sku),
  );
  const moves = counted.map((i) => ({
    sku: i.product!.sku,
    before: i.product!.onHand ?? undefined,
    after: after.get(i.product!.sku),
  }));
  await afterStockWrite(c.env, moves, siteOrigin(c));
}
