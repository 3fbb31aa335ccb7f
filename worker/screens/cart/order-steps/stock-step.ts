import { takeStockStatements } from "../../../platform/stock/stock-store";
import type { OrderStep } from "./order-step";

/** The stock, in the order's transaction: a line that would take a counted SKU below zero fails the whole batch. */
export const stockStep: OrderStep = ({ order, ours }) =>
  takeStockStatements(
    order.c.env.DB,
    ours,
    order.view.items
      .filter((i) => i.product!.onHand !== null)
      .map((i) => ({ sku: i.product!.sku, quantity: i.quantity, sellAhead: i.product!.sellAhead })),
  );
