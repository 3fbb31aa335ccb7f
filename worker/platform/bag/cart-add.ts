import { type Availability, CART_LINES_MAX, canBuy, QUANTITY_MAX } from "../../../shared/cart-rules";
import { stockState } from "../../../shared/stock-rules";
import { addStockSql, stockRowOf, stockRowStatement } from "./add-stock";
import type { CartOwner, LineKey } from "./cart-store";

/** What the add's batch found and did (addLineStatements, readAdd). */
export type AddResult =
  | { ok: true; quantity: number; capped: boolean }
  | { ok: false; reason: "too-many-lines" }
  /** The stock read in the batch lets no shopper buy it (shared/stock-rules.ts stockState): nothing written. */
  | { ok: false; reason: "cannot-buy" }
  /** More than is on hand (`left`, read in the batch) with what the bag holds (`inBag`). */
  | { ok: false; reason: "few-left"; inBag: number; left: number };

export interface LineToAdd extends LineKey {
  quantity: number;
  price: number;
  /** The SKU the item's stock is counted under (shared/variants.ts stockSku). */
  sku: string;
  /** The CMS's word for the item; the batch applies the stock it reads to it (add-stock.ts). */
  cms: Availability;
  /** The add's token (the island's, else the browser's cookie: add-token.ts): the same add sent twice adds once. */
  token: string | null;
}

/**
 * An add to the bag as statements for one batch, with nothing read first (docs/decisions/0100,
 * docs/decisions/0136-the-add-reads-stock-in-its-batch.md): the item's stock row on the primary, the
 * owner's cart made if new, the line before, the line added to (only when the stock lets a shopper
 * buy it, never past QUANTITY_MAX, never to more than is on hand unless sold ahead or uncounted, never
 * a line past CART_LINES_MAX, not at all when its token was the last to change it), the line after.
 * readAdd reads the answer from their results. Parameters: ?7 the CMS's word, ?11 the SKU.
 */
export function addLineStatements(db: D1Database, owner: CartOwner, line: LineToAdd): D1PreparedStatement[] {
  const same = "l.cart_id = c.id AND l.product_slug = ?3 AND l.variant_sku = ?4";
  const stock = addStockSql("?11", "?7");
  return [
    stockRowStatement(db, line.sku),
    db
      .prepare(
        `INSERT INTO carts (id, owner_kind, owner_id) SELECT ?3, ?1, ?2 WHERE ${addStockSql("?5", "?4").buyable}
         ON CONFLICT (owner_kind, owner_id) DO NOTHING`,
      )
      .bind(owner.kind, owner.id, crypto.randomUUID(), line.cms, line.sku),
    db
      .prepare(
        `SELECT (SELECT l.quantity FROM cart_lines l WHERE ${same}) AS in_bag,
                (SELECT COUNT(*) FROM cart_lines l WHERE l.cart_id = c.id) AS lines,
                (SELECT l.last_token FROM cart_lines l WHERE ${same}) AS last_token
         FROM carts c WHERE c.owner_kind = ?1 AND c.owner_id = ?2`,
      )
      .bind(owner.kind, owner.id, line.productSlug, line.variantSku),
    db
      .prepare(
        `INSERT INTO cart_lines (cart_id, product_slug, variant_sku, quantity, price_seen, availability_seen, last_token)
         SELECT c.id, ?3, ?4, MIN(?5, ?9), ?6, ${stock.availability}, ?8 FROM carts c
         WHERE c.owner_kind = ?1 AND c.owner_id = ?2 AND ${stock.buyable}
           AND (EXISTS (SELECT 1 FROM cart_lines l WHERE ${same})
                OR (SELECT COUNT(*) FROM cart_lines l WHERE l.cart_id = c.id) < ?10)
           AND (${stock.cap} IS NULL
                OR COALESCE((SELECT l.quantity FROM cart_lines l WHERE ${same}), 0) + ?5 <= ${stock.cap}
                OR EXISTS (SELECT 1 FROM cart_lines l WHERE ${same} AND l.last_token = ?8))
         ON CONFLICT (cart_id, product_slug, variant_sku) DO UPDATE SET
           quantity = CASE WHEN excluded.last_token IS NOT NULL AND cart_lines.last_token IS excluded.last_token
                      THEN cart_lines.quantity ELSE MIN(?9, cart_lines.quantity + excluded.quantity) END,
           price_seen = excluded.price_seen, availability_seen = excluded.availability_seen,
           last_token = excluded.last_token
         RETURNING quantity`,
      )
      .bind(
        owner.kind,
        owner.id,
        line.productSlug,
        line.variantSku,
        Math.min(line.quantity, QUANTITY_MAX),
        line.price,
        line.cms,
        line.token,
        QUANTITY_MAX,
        CART_LINES_MAX,
        line.sku,
      ),
  ];
}

/** The answer of an add from its statements' results (in the order addLineStatements made them). */
export function readAdd(results: readonly D1Result[], line: LineToAdd): AddResult {
  const onHand = stockRowOf(results[0]);
  if (!canBuy(stockState(line.cms, onHand).availability)) return { ok: false, reason: "cannot-buy" };
  const before = results[2]?.results[0] as
    | { in_bag: number | null; lines: number; last_token: string | null }
    | undefined;
  const after = results[3]?.results[0] as { quantity: number } | undefined;
  const inBag = before?.in_bag ?? 0;
  if (!after) {
    const newLine = before?.in_bag === null || before?.in_bag === undefined;
    return newLine && (before?.lines ?? 0) >= CART_LINES_MAX
      ? { ok: false, reason: "too-many-lines" }
      : { ok: false, reason: "few-left", inBag, left: onHand ?? 0 };
  }
  const repeated = line.token !== null && before?.last_token === line.token;
  return { ok: true, quantity: after.quantity, capped: !repeated && inBag + line.quantity > QUANTITY_MAX };
}

/**
 * An add on its own, in one batch (the stores' tests and scripts; the bag's action adds its limits and
 * counts). `availability` is the CMS's word; the SKU is the variant's, else the product's slug.
 */
export async function addLine(
  db: D1Database,
  owner: CartOwner,
  line: LineKey & { quantity: number; price: number; availability: Availability } & Partial<LineToAdd>,
): Promise<AddResult> {
  const toAdd: LineToAdd = { token: null, sku: line.variantSku || line.productSlug, cms: line.availability, ...line };
  return readAdd(await db.batch(addLineStatements(db, owner, toAdd)), toAdd);
}
