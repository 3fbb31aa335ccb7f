import { giftStatements } from "../../../platform/promotions/gift-statements";
import { redeemStatements } from "../../../platform/promotions/redeem-statements";
import type { OrderStep } from "./order-step";

/**
 * The promotions the quote applied, redeemed in the order's batch (docs/decisions/0108-promotions-one-quote-redeemed-in-the-order-batch.md):
 * each discount by name and amount, every use counted against its limits (a limit passed fails the
 * batch), and each gift as a line at 0 while its stock lasts.
 */
export const promotionsStep: OrderStep = ({ order, lines, ours }) => {
  const db = order.c.env.DB;
  const { quote, promotions, gifts } = order.view;
  const perShopper = new Map(promotions.candidates.map((c) => [c.promotion.id, c.promotion.usesPerShopper]));
  return [
    ...redeemStatements(db, ours, { discounts: quote.discounts, shopperKeys: order.shopperKeys, perShopper }),
    ...gifts.flatMap(({ product }, i) =>
      giftStatements(db, ours.params, {
        position: lines.length + i,
        productSlug: product.slug,
        productPath: product.path,
        name: product.name,
        variantName: product.variantName,
        brand: product.brand,
        sku: product.sku,
      }),
    ),
  ];
};
