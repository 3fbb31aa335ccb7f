import type { Availability } from "../../../shared/cart-rules";
import { CART_LINES_MAX, QUANTITY_MAX } from "../../../shared/cart-rules";
import { type CartOwner, findCartId, type LineKey } from "./cart-store";

/** D1 changes to bags other than an add (worker/platform/bag/cart-add.ts): quantities, removals, merges. */
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

const OWNED_CART = "SELECT id FROM carts WHERE owner_kind = ?1 AND owner_id = ?2";

export async function setQuantity(db: D1Database, cartId: string, line: LineKey, quantity: number): Promise<boolean> {
  const result = await db
    .prepare("UPDATE cart_lines SET quantity = ?4 WHERE cart_id = ?1 AND product_slug = ?2 AND variant_sku = ?3")
    .bind(cartId, line.productSlug, line.variantSku, quantity)
    .run();
  return result.meta.changes > 0;
}

/**
 * The line an update or remove names: a product and its variant, or (`variantSku` null: a form from
 * before variants, a script) the product's one line in the owner's bag, if it has exactly one.
 */
export interface NamedLine {
  productSlug: string;
  variantSku: string | null;
}

/** The SQL of a NamedLine's variant in the owner's bag (?1 kind, ?2 owner, ?3 slug, ?4 variant or null). */
const NAMED_VARIANT = `COALESCE(?4, (SELECT MIN(variant_sku) FROM cart_lines
  WHERE cart_id = (${OWNED_CART}) AND product_slug = ?3 HAVING COUNT(*) = 1), '')`;

/** Sets a line's quantity in one statement, answering the line when it exists (setting twice is setting once). */
export function setQuantityStatement(
  db: D1Database,
  owner: CartOwner,
  line: NamedLine,
  quantity: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE cart_lines SET quantity = ?5
       WHERE cart_id = (${OWNED_CART}) AND product_slug = ?3 AND variant_sku = ${NAMED_VARIANT}
       RETURNING quantity`,
    )
    .bind(owner.kind, owner.id, line.productSlug, line.variantSku, quantity);
}

/** Removes a line in one statement (removing twice is removing once). */
export function removeLineStatement(db: D1Database, owner: CartOwner, line: NamedLine): D1PreparedStatement {
  return db
    .prepare(
      `DELETE FROM cart_lines WHERE cart_id = (${OWNED_CART}) AND product_slug = ?3 AND variant_sku = ${NAMED_VARIANT}`,
    )
    .bind(owner.kind, owner.id, line.productSlug, line.variantSku);
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
