import type { Context } from "hono";
import type { CheckoutInput } from "../../../shared/forms/checkout";
import { formatAed } from "../../../shared/money";
import { shortageMessage } from "../../../shared/stock-rules";
import { text } from "../../../shared/text";
import { siteOrigin } from "../../frame/head/site-origin";
import { getContacts } from "../../frame/layout/layout-data";
import type { AppEnv } from "../../platform/app-env";
import { backgroundTask } from "../../platform/background-task";
import type { MailMessage } from "../../platform/mail/mailer";
import { afterStockWrite } from "../../platform/stock/stock-moves";
import { rememberAccountLocaleStatement } from "../../platform/stores/account-locale-store";
import type { CartOwner } from "../../platform/stores/cart-store";
import { setQuantity } from "../../platform/stores/cart-store";
import {
  findOrderByIdempotencyKey,
  insertOrderStatements,
  type NewOrderLine,
  newOrderNumber,
  type Order,
  type OrderLine,
  orderBelongsTo,
} from "../../platform/stores/order-store";
import { readStock, takeStockStatements } from "../../platform/stores/stock-store";
import { type CartView, loadCartView } from "./cart-view";

export type PlaceOrderResult =
  | { ok: true; order: Order; created: boolean }
  | { ok: false; reason: "empty" | "unavailable" | "changed" }
  /** Some lines asked for more than is left: nothing was written, the bag now asks for what is. */
  | { ok: false; reason: "stock"; messages: string[] };

/**
 * Lines that ask for more than is on hand (counted SKUs that can't be sold ahead): each is
 * changed in the bag to what is left (a sold-out line stays, shown as out of stock, so nothing
 * the shopper chose disappears) and named in the message.
 */
async function correctShortages(db: D1Database, view: CartView): Promise<string[]> {
  const short = view.items.filter(
    (i) => i.product && i.product.onHand !== null && !i.product.sellAhead && i.quantity > i.product.onHand,
  );
  if (!view.cartId || short.length === 0) return [];
  for (const item of short) {
    const onHand = item.product!.onHand!;
    if (onHand > 0) await setQuantity(db, view.cartId, { productSlug: item.slug, variantSku: item.variantSku }, onHand);
  }
  return short.map((i) => shortageMessage(i.product!.name, i.product!.onHand!));
}

/** D1 reports a batch that would take stock below zero as stock_levels' CHECK failing. */
function isStockRefusal(error: unknown): boolean {
  return error instanceof Error && /CHECK constraint failed/i.test(error.message) && /on_hand/i.test(error.message);
}

function orderSummary(
  order: { number: string; lines: readonly Pick<OrderLine, "quantity" | "name" | "lineTotal">[]; total: number },
  input: CheckoutInput,
): string {
  const lines = order.lines.map((l) => `- ${l.quantity} × ${l.name} — ${formatAed(l.lineTotal)}`).join("\n");
  const delivery =
    input.delivery === "pickup"
      ? text.delivery.pickup
      : `${text.delivery.transport}: ${input.address}, ${input.city}, ${input.region}`;
  return `${lines}\n\nTotal: ${formatAed(order.total)}\n${delivery}\nPayment: ${text.payment[input.payment]}`;
}

/**
 * Turns the server-side bag into an order in one D1 batch: the order, its
 * lines, emptying the bag and the two e-mails. The idempotency key from the
 * form makes a double click or a retried request produce exactly one order;
 * every statement after the order row is guarded on this attempt's number, so
 * a losing duplicate writes nothing.
 */
export async function placeOrder(
  c: Context<AppEnv>,
  owner: CartOwner,
  input: CheckoutInput,
  requestedKey: string,
  acceptChanges: boolean,
): Promise<PlaceOrderResult> {
  const existing = await findOrderByIdempotencyKey(c.env.DB, requestedKey);
  if (existing && orderBelongsTo(existing, owner)) return { ok: true, order: existing, created: false };
  // Another shopper's key (copied, never guessed): this bag is placed under a key of its own.
  const idempotencyKey = existing ? crypto.randomUUID() : requestedKey;

  // An order is priced from the CMS itself, never from a cached record: a missed webhook must not cost money.
  c.set("uncachedRecords", true);
  const view = await loadCartView(c, owner, input.delivery);
  if (!view.cartId || view.items.length === 0) return { ok: false, reason: "empty" };
  const shortages = await correctShortages(c.env.DB, view);
  if (shortages.length > 0) return { ok: false, reason: "stock", messages: shortages };
  if (!view.canCheckout) return { ok: false, reason: "unavailable" };
  if (view.hasChanges && !acceptChanges) return { ok: false, reason: "changed" };

  const lines: NewOrderLine[] = view.items.map((item) => ({
    productSlug: item.slug,
    productPath: item.product!.path,
    name: item.product!.name,
    variantName: item.product!.variantName,
    sku: item.product!.sku,
    sellAhead: item.product!.sellAhead,
    brand: item.product!.brand,
    unitPrice: item.product!.price,
    quantity: item.quantity,
    lineTotal: item.product!.price * item.quantity,
    prepurchase: item.product!.availability === "prepurchase",
  }));
  const number = newOrderNumber();
  const user = c.get("user");
  const status = input.payment === "online" ? "awaiting_payment" : "new";
  const contacts = await getContacts(c, c.get("locale"));
  const summary = orderSummary({ number, lines, total: view.totals.total }, input);
  const mails: MailMessage[] = [
    {
      to: input.email,
      subject: `Your Noor Beauty order ${number}`,
      text: `Dear ${input.firstName},\n\nThank you for your order ${number}. We will call you to confirm delivery.\n\n${summary}\n\n${text.shippingNote}`,
      kind: "order-confirmation",
    },
  ];
  if (contacts?.receiver) {
    mails.push({
      to: contacts.receiver,
      subject: `New order ${number}`,
      text: `${input.firstName} ${input.lastName}, ${input.phone}, ${input.email}\n\n${summary}\n\nNotes: ${input.notes || "—"}`,
      kind: "order-received",
    });
  }
  const db = c.env.DB;
  const ours = "(SELECT number FROM orders WHERE idempotency_key = ?1) = ?2";
  const counted = view.items.filter((i) => i.product!.onHand !== null);
  const statements = [
    ...insertOrderStatements(
      db,
      {
        idempotencyKey,
        userId: user?.id ?? null,
        visitorId: owner.kind === "visitor" ? owner.id : null,
        status,
        locale: c.get("locale"),
        input,
        totals: view.totals,
        lines,
      },
      number,
    ),
    // A signed-in shopper's account takes the order's language too (their later e-mails: issue 23).
    ...(user ? [rememberAccountLocaleStatement(db, user.id, c.get("locale"))] : []),
    // The stock, in the same transaction: a line that would go below zero fails the whole batch.
    ...takeStockStatements(
      db,
      { sql: ours, params: [idempotencyKey, number] },
      counted.map((i) => ({ sku: i.product!.sku, quantity: i.quantity, sellAhead: i.product!.sellAhead })),
    ),
    // Only the attempt whose order row won takes the ordered lines out of the bag and queues
    // the mails. Only what was ordered goes: a line added in another tab while this one was
    // at the checkout stays, and a quantity raised meanwhile keeps the difference.
    ...view.items
      .map((item) => ({ productSlug: item.slug, variantSku: item.variantSku, quantity: item.quantity }))
      .flatMap((line) => [
        db
          .prepare(
            `UPDATE cart_lines SET quantity = quantity - ?5
           WHERE cart_id = ?3 AND product_slug = ?4 AND variant_sku = ?6 AND quantity > ?5 AND ${ours}`,
          )
          .bind(idempotencyKey, number, view.cartId, line.productSlug, line.quantity, line.variantSku),
        db
          .prepare(
            `DELETE FROM cart_lines WHERE cart_id = ?3 AND product_slug = ?4 AND variant_sku = ?6 AND quantity <= ?5 AND ${ours}`,
          )
          .bind(idempotencyKey, number, view.cartId, line.productSlug, line.quantity, line.variantSku),
      ]),
    ...mails.map((mail) =>
      db
        .prepare(`INSERT INTO outbox (recipient, subject, body_text, kind) SELECT ?3, ?4, ?5, ?6 WHERE ${ours}`)
        .bind(idempotencyKey, number, mail.to, mail.subject, mail.text, mail.kind),
    ),
  ];
  try {
    await db.batch(statements);
  } catch (error) {
    if (!isStockRefusal(error)) throw error;
    // Another shopper took the last ones between this bag's read and its batch: read again, say what is left.
    c.set("uncachedRecords", true);
    const fresh = await loadCartView(c, owner, input.delivery);
    const messages = await correctShortages(db, fresh);
    return {
      ok: false,
      reason: "stock",
      messages:
        messages.length > 0 ? messages : ["Stock changed while you were ordering. Please place the order again."],
    };
  }
  const order = await findOrderByIdempotencyKey(db, idempotencyKey);
  if (!order) throw new Error("Order was not written");
  const created = order.number === number;
  if (created && counted.length > 0) backgroundTask(c, showStockChanges(c, counted));
  return { ok: true, order, created };
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

/** Whether an order was already placed under this key by this bag's owner (a replay of its post). */
export async function isPlacedBy(db: D1Database, idempotencyKey: string, owner: CartOwner): Promise<boolean> {
  const order = await findOrderByIdempotencyKey(db, idempotencyKey);
  return order !== null && orderBelongsTo(order, owner);
}
