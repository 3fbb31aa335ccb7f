import { LOW_STOCK_AT } from "../../../shared/stock-rules";
import { bumpStockVersion } from "../caches/versions";
import { log } from "../log/log";
import { queueRestockAlerts } from "./restock-alerts";
import { readStock } from "./stock-store";

/** What a page would say of this many on hand: sold out, "Only N left", or nothing. */
function visible(onHand: number | undefined): string {
  if (onHand === undefined) return "uncounted";
  if (onHand <= 0) return "sold-out";
  return onHand <= LOW_STOCK_AT ? `left-${onHand}` : "plenty";
}

/** Whether going from `before` to `after` on hand changes what any page shows. */
function stockChangeShows(before: number | undefined, after: number | undefined): boolean {
  return visible(before) !== visible(after);
}

/**
 * What the shop does after it wrote stock (staff set it, a cancel or an expired card payment gave
 * it back): kept pages learn of a change a shopper would see (the stock version), and SKUs that
 * come back from sold out go to the back-in-stock hook. Called after the D1 batch committed, so a
 * failure here is logged, never answered as an error: the stock itself is already right.
 */
export interface StockMove {
  sku: string;
  /** On hand before and after; undefined when the SKU is not counted (no stock row). */
  before: number | undefined;
  after: number | undefined;
}

/**
 * Back from sold out: 0 on hand before, and now some on hand — or no longer counted, which sells
 * it again too (a SKU without a row is sold without counting).
 */
function cameBack(move: StockMove): boolean {
  return move.before === 0 && (move.after === undefined || move.after > 0);
}

/**
 * `origin`: the shop's public origin for links in e-mails (siteOrigin(c) in a request; the cron has
 * only PUBLIC_ORIGIN).
 */
export async function afterStockWrite(env: Env, moves: readonly StockMove[], origin: string): Promise<void> {
  const raised = moves.filter(cameBack).map((move) => move.sku);
  try {
    if (raised.length > 0) await afterStockRaised(env, raised, origin);
    else if (moves.some((move) => stockChangeShows(move.before, move.after))) await bumpStockVersion(env.CMS_CACHE);
  } catch (error) {
    log.error("After a stock write", { error });
  }
}

/**
 * SKUs that went from 0 on hand to more than 0. Their pages change (sold out → in stock), so the
 * stock version moves on; and shoppers who asked to be told get their e-mail.
 */
export async function afterStockRaised(env: Env, skus: readonly string[], origin: string): Promise<void> {
  await bumpStockVersion(env.CMS_CACHE);
  const queued = await queueRestockAlerts(env.DB, skus, origin);
  if (queued > 0) log.info("Back in stock: alerts queued", { skus, count: queued });
}

/**
 * Runs a write that may change these SKUs' stock (a cancel giving an order's stock back), reading
 * their counts before and after it, then does what follows a stock write. `write` answers whether
 * it changed anything; when it did not, nothing follows.
 */
export async function withStockMoves(
  env: Env,
  origin: string,
  skus: readonly string[],
  write: () => Promise<boolean>,
): Promise<boolean> {
  const before = await readStock(env.DB, skus);
  const wrote = await write();
  if (!wrote || skus.length === 0) return wrote;
  const after = await readStock(env.DB, skus);
  await afterStockWrite(
    env,
    [...new Set(skus)].map((sku) => ({ sku, before: before.get(sku), after: after.get(sku) })),
    origin,
  );
  return wrote;
}
