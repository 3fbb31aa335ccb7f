import type { Availability } from "../../../shared/cart-rules";
import { CART_LINES_MAX, QUANTITY_MAX } from "../../../shared/cart-rules";

/** D1 access for bags: carts and cart_lines. A line is a product in one variant. */
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

/** The owner's cart id, creating the cart on first use (safe under concurrent first adds). */
export async function ensureCartId(db: D1Database, owner: CartOwner): Promise<string> {
  await db
    .prepare(
      "INSERT INTO carts (id, owner_kind, owner_id) VALUES (?1, ?2, ?3) ON CONFLICT (owner_kind, owner_id) DO NOTHING",
    )
    .bind(crypto.randomUUID(), owner.kind, owner.id)
    .run();
  const id = await findCartId(db, owner);
  if (!id) throw new Error("Cart could not be created");
  return id;
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

/** How many of this item the bag holds (0 when none). */
export async function lineQuantity(db: D1Database, cartId: string, line: LineKey): Promise<number> {
  const row = await db
    .prepare("SELECT quantity FROM cart_lines WHERE cart_id = ?1 AND product_slug = ?2 AND variant_sku = ?3")
    .bind(cartId, line.productSlug, line.variantSku)
    .first<{ quantity: number }>();
  return row?.quantity ?? 0;
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

export type AddResult = { ok: true; quantity: number; capped: boolean } | { ok: false; reason: "too-many-lines" };

/** Adds to a line (or creates it), never past the quantity limit; remembers the price seen now. */
export async function addLine(
  db: D1Database,
  cartId: string,
  line: LineKey & { quantity: number; price: number; availability: Availability },
): Promise<AddResult> {
  const existing = await db
    .prepare("SELECT quantity FROM cart_lines WHERE cart_id = ?1 AND product_slug = ?2 AND variant_sku = ?3")
    .bind(cartId, line.productSlug, line.variantSku)
    .first<{ quantity: number }>();
  if (!existing) {
    const count = await db
      .prepare("SELECT COUNT(*) AS n FROM cart_lines WHERE cart_id = ?1")
      .bind(cartId)
      .first<{ n: number }>();
    if ((count?.n ?? 0) >= CART_LINES_MAX) return { ok: false, reason: "too-many-lines" };
  }
  const row = await db
    .prepare(
      `INSERT INTO cart_lines (cart_id, product_slug, variant_sku, quantity, price_seen, availability_seen) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (cart_id, product_slug, variant_sku) DO UPDATE SET quantity = MIN(?7, cart_lines.quantity + excluded.quantity),
         price_seen = excluded.price_seen, availability_seen = excluded.availability_seen
       RETURNING quantity`,
    )
    .bind(
      cartId,
      line.productSlug,
      line.variantSku,
      Math.min(line.quantity, QUANTITY_MAX),
      line.price,
      line.availability,
      QUANTITY_MAX,
    )
    .first<{ quantity: number }>();
  const quantity = row?.quantity ?? line.quantity;
  return { ok: true, quantity, capped: (existing?.quantity ?? 0) + line.quantity > QUANTITY_MAX };
}

export async function setQuantity(db: D1Database, cartId: string, line: LineKey, quantity: number): Promise<boolean> {
  const result = await db
    .prepare("UPDATE cart_lines SET quantity = ?4 WHERE cart_id = ?1 AND product_slug = ?2 AND variant_sku = ?3")
    .bind(cartId, line.productSlug, line.variantSku, quantity)
    .run();
  return result.meta.changes > 0;
}

export async function removeLine(db: D1Database, cartId: string, line: LineKey): Promise<void> {
  await db
    .prepare("DELETE FROM cart_lines WHERE cart_id = ?1 AND product_slug = ?2 AND variant_sku = ?3")
    .bind(cartId, line.productSlug, line.variantSku)
    .run();
}

/** Remembers what the shopper has now seen, so the change notice goes away. */
export async function acknowledgePrices(
  db: D1Database,
  cartId: string,
  seen: (LineKey & { price: number; availability: Availability })[],
): Promise<void> {
  if (seen.length === 0) return;
  await db.batch(
    seen.map((s) =>
      db
        .prepare(
          "UPDATE cart_lines SET price_seen = ?4, availability_seen = ?5 WHERE cart_id = ?1 AND product_slug = ?2 AND variant_sku = ?3",
        )
        .bind(cartId, s.productSlug, s.variantSku, s.price, s.availability),
    ),
  );
}

/**
 * Moves a visitor's bag into the user's on sign-in: quantities added and capped
 * at the limit, in one batch; the visitor's bag is then gone. Lines the account's bag
 * already has are added up; new ones join only while the bag has room for them
 * (CART_LINES_MAX), oldest first, so a merge cannot grow a bag past the cap.
 */
export async function mergeCarts(db: D1Database, from: CartOwner, into: CartOwner): Promise<void> {
  const fromId = await findCartId(db, from);
  if (!fromId) return;
  const intoId = await ensureCartId(db, into);
  // A line is (product, variant): the same shade in both bags adds up; different shades stay apart.
  const same = "(product_slug, variant_sku) IN (SELECT product_slug, variant_sku FROM cart_lines WHERE cart_id = ?2)";
  await db.batch([
    db
      .prepare(
        `INSERT INTO cart_lines (cart_id, product_slug, variant_sku, quantity, price_seen, availability_seen, added_at)
         SELECT ?2, product_slug, variant_sku, quantity, price_seen, availability_seen, added_at FROM cart_lines
         WHERE cart_id = ?1 AND ${same}
         ON CONFLICT (cart_id, product_slug, variant_sku) DO UPDATE SET quantity = MIN(?3, cart_lines.quantity + excluded.quantity)`,
      )
      .bind(fromId, intoId, QUANTITY_MAX),
    db
      .prepare(
        `INSERT INTO cart_lines (cart_id, product_slug, variant_sku, quantity, price_seen, availability_seen, added_at)
         SELECT ?2, product_slug, variant_sku, quantity, price_seen, availability_seen, added_at FROM cart_lines
         WHERE cart_id = ?1 AND NOT ${same}
         ORDER BY added_at, product_slug, variant_sku
         LIMIT MAX(0, ?3 - (SELECT COUNT(*) FROM cart_lines WHERE cart_id = ?2))`,
      )
      .bind(fromId, intoId, CART_LINES_MAX),
    db.prepare("DELETE FROM cart_lines WHERE cart_id = ?1").bind(fromId),
    db.prepare("DELETE FROM carts WHERE id = ?1").bind(fromId),
  ]);
}
