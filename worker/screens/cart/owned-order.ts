import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { nearDatabase } from "../../platform/database/request-database";
import {
  type OrderEvent,
  orderEventsByNumberStatement,
  readOrderEvents,
} from "../../platform/orders/order-history-store";
import type { Order } from "../../platform/orders/order-record";
import { orderStatements, readOrder } from "../../platform/orders/order-store";
import { readVisitorId } from "../../platform/security/visitor-id";
import { openedByKey } from "./order-key";

/**
 * An order and its status moves, shown only to the account that placed it, or the browser that placed
 * it as a guest; in one round trip near the shopper (docs/decisions/0100: an order's owner never
 * changes, and the bookmark of the post that placed it brings a replica up to it).
 */
export async function ownedOrder(
  c: Context<AppEnv>,
  number: string,
  /** More the page reads about the order, in the same batch (its tax invoice: decision 0116). */
  more: (db: D1Database) => D1PreparedStatement[] = () => [],
): Promise<{ order: Order; events: OrderEvent[]; more: D1Result[] } | null> {
  if (!/^NB-\d{4}-[A-Z0-9]{6}$/.test(number)) return null;
  const db = nearDatabase(c);
  const results = await db.batch([
    ...orderStatements(db, { number }),
    orderEventsByNumberStatement(db, number, ["status"]),
    ...more(db),
  ]);
  const order = readOrder(results);
  if (!order) return null;
  const owned = { order, events: readOrderEvents(results[2]), more: results.slice(3) };
  const byKey = openedByKey(c, order);
  if (byKey !== undefined) return byKey ? owned : null;
  const user = c.get("user");
  if (user && order.userId === user.id) return owned;
  if (order.userId === null) {
    const visitor = await readVisitorId(c);
    if (visitor && order.visitorId === visitor) return owned;
  }
  return null;
}
