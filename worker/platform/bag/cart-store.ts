import type { Availability } from "../../../shared/cart-rules";

/**
 * D1 access for bags: carts and cart_lines, their reads. A line is a product in one variant. An add is
 * worker/platform/bag/cart-add.ts; the other changes are worker/platform/bag/cart-writes.ts.
 */
export type CartOwner = { kind: "visitor"; id: string } | { kind: "user"; id: string };

/** Which line: a product and its variant's SKU ('' for a product sold as one item). */
export interface LineKey {
  productSlug: string;
  variantSku: string;
}

export interface CartLineRow extends LineKey {
  quantity: number;
  priceSeen: number;
  availabilitySeen: Availability;
}

interface LineRecord {
  product_slug: string;
  variant_sku: string;
  quantity: number;
  price_seen: number;
  availability_seen: Availability;
}

function toLine(row: LineRecord): CartLineRow {
  return {
    productSlug: row.product_slug,
    variantSku: row.variant_sku,
    quantity: row.quantity,
    priceSeen: row.price_seen,
    availabilitySeen: row.availability_seen,
  };
}

export async function findCartId(db: D1Database, owner: CartOwner): Promise<string | null> {
  const row = await db
    .prepare("SELECT id FROM carts WHERE owner_kind = ?1 AND owner_id = ?2")
    .bind(owner.kind, owner.id)
    .first<{ id: string }>();
  return row?.id ?? null;
}

export async function listLines(db: D1Database, cartId: string): Promise<CartLineRow[]> {
  const { results } = await db
    .prepare(
      "SELECT product_slug, variant_sku, quantity, price_seen, availability_seen FROM cart_lines WHERE cart_id = ?1 ORDER BY added_at, product_slug, variant_sku",
    )
    .bind(cartId)
    .all<LineRecord>();
  return results.map(toLine);
}

/** An owner's bag as one read: its cart id, lines, and the stock of every product in it. */
export interface BagRead {
  cartId: string | null;
  lines: CartLineRow[];
  /** On hand per counted SKU of the bag's products. */
  stock: Map<string, number>;
}

/**
 * The statements of an owner's bag (the cart and its lines, the stock of its products) for one batch:
 * nothing waits for the cart's id or the lines' SKUs (docs/decisions/0100). readBag reads their results.
 */
export function bagStatements(db: D1Database, owner: CartOwner): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `SELECT c.id AS cart_id, l.product_slug, l.variant_sku, l.quantity, l.price_seen, l.availability_seen
         FROM carts c LEFT JOIN cart_lines l ON l.cart_id = c.id
         WHERE c.owner_kind = ?1 AND c.owner_id = ?2
         ORDER BY l.added_at, l.product_slug, l.variant_sku`,
      )
      .bind(owner.kind, owner.id),
    db
      .prepare(
        `SELECT s.sku, s.on_hand FROM stock_levels s WHERE s.product_slug IN (
           SELECT l.product_slug FROM cart_lines l JOIN carts c ON c.id = l.cart_id
           WHERE c.owner_kind = ?1 AND c.owner_id = ?2)`,
      )
      .bind(owner.kind, owner.id),
  ];
}

export function readBag(results: readonly D1Result[]): BagRead {
  const rows = (results[0]?.results ?? []) as (Partial<LineRecord> & { cart_id: string })[];
  const stockRows = (results[1]?.results ?? []) as { sku: string; on_hand: number }[];
  return {
    cartId: rows[0]?.cart_id ?? null,
    lines: rows.filter((row) => row.product_slug != null).map((row) => toLine(row as LineRecord)),
    stock: new Map(stockRows.map((row) => [row.sku, row.on_hand])),
  };
}

export async function countItems(db: D1Database, owner: CartOwner): Promise<number> {
  const row = await db
    .prepare(
      "SELECT COALESCE(SUM(l.quantity), 0) AS n FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE c.owner_kind = ?1 AND c.owner_id = ?2",
    )
    .bind(owner.kind, owner.id)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
