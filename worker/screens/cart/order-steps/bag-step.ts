import type { OrderStep } from "./order-step";

/**
 * Only the attempt whose order row won takes the ordered lines out of the bag, and its code. Only
 * what was ordered goes: a line added in another tab while this one was at the checkout stays, and
 * a quantity raised meanwhile keeps the difference.
 */
export const bagStep: OrderStep = ({ order, ours }) => {
  const db = order.c.env.DB;
  const { view } = order;
  return [
    ...view.items.flatMap((item) => [
      db
        .prepare(
          `UPDATE cart_lines SET quantity = quantity - ?5
           WHERE cart_id = ?3 AND product_slug = ?4 AND variant_sku = ?6 AND quantity > ?5 AND ${ours.sql}`,
        )
        .bind(...ours.params, view.cartId, item.slug, item.quantity, item.variantSku),
      db
        .prepare(
          `DELETE FROM cart_lines WHERE cart_id = ?3 AND product_slug = ?4 AND variant_sku = ?6 AND quantity <= ?5 AND ${ours.sql}`,
        )
        .bind(...ours.params, view.cartId, item.slug, item.quantity, item.variantSku),
    ]),
    db.prepare(`DELETE FROM cart_codes WHERE cart_id = ?3 AND ${ours.sql}`).bind(...ours.params, view.cartId),
  ];
};
