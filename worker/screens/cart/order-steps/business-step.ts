import type { OrderStep } from "./order-step";

/**
 * A VAT-registered business buyer's company, TRN and address (decision 0116), kept beside the order for its full
 * tax invoice: one statement in the order's batch, written only by the attempt whose order row won.
 */
export const businessStep: OrderStep = ({ order, ours }) => {
  const { company, trn, companyAddress } = order.input;
  if (!company || !trn) return [];
  return [
    order.c.env.DB.prepare(
      `INSERT OR IGNORE INTO order_business_buyers (order_id, company, trn, address)
       SELECT id, ?3, ?4, ?5 FROM orders WHERE idempotency_key = ?1 AND number = ?2 AND ${ours.sql}`,
    ).bind(...ours.params, company, trn, companyAddress || null),
  ];
};
