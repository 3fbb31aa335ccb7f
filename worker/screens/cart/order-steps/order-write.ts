import { rememberAccountLocaleStatement } from "../../../platform/accounts/account-locale-store";
import { countsStatement } from "../../../platform/bag/shopper-counts";
import { accessTokenStatement, newAccessToken } from "../../../platform/orders/order-access";
import { insertOrderStatements, type NewOrderLine, orderStatements } from "../../../platform/orders/order-store";
import { bagStep } from "./bag-step";
import { businessStep } from "./business-step";
import { mailStep } from "./mail-step";
import type { OrderStep, OrderToWrite, StepContext } from "./order-step";
import { paymentHoldStep } from "./payment-hold-step";
import { promotionsStep } from "./promotions-step";
import { stockStep } from "./stock-step";

/** The steps of placing an order after its rows, in the order they run in its batch. */
const STEPS: readonly OrderStep[] = [stockStep, promotionsStep, bagStep, businessStep, mailStep];

/** The order's lines priced by its quote: each with its share of the discounts. */
function linesOf({ view }: OrderToWrite): NewOrderLine[] {
  const quoted = new Map(view.quote.lines.map((line) => [line.key, line]));
  return view.items.map((item) => ({
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
    discount: quoted.get(item.key)?.discount ?? 0,
  }));
}

/** The order's one batch under this attempt's number, ending with the order read back (orderStatements). */
export function orderWrite(order: OrderToWrite, number: string): D1PreparedStatement[] {
  const { c, owner, input, idempotencyKey, view } = order;
  const db = c.env.DB;
  const user = c.get("user");
  const lines = linesOf(order);
  const accessToken = newAccessToken();
  const step: StepContext = {
    order,
    number,
    lines,
    accessToken,
    ours: { sql: "(SELECT number FROM orders WHERE idempotency_key = ?1) = ?2", params: [idempotencyKey, number] },
  };
  return [
    ...insertOrderStatements(
      db,
      {
        idempotencyKey,
        userId: user?.id ?? null,
        visitorId: owner.kind === "visitor" ? owner.id : null,
        status: paymentHoldStep(input.payment),
        locale: c.get("locale"),
        input,
        totals: view.totals,
        lines,
      },
      number,
    ),
    accessTokenStatement(db, { idempotencyKey, number }, accessToken),
    // A signed-in shopper's account takes the order's language too (their later e-mails: decision 0092).
    ...(user ? [rememberAccountLocaleStatement(db, user.id, c.get("locale"))] : []),
    ...STEPS.flatMap((run) => run(step)),
    // What the answer needs, read back in the same batch: no round trip after the commit.
    countsStatement(db, owner),
    ...orderStatements(db, { key: idempotencyKey }),
  ];
}
