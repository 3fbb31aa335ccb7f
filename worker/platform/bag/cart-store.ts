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

/** What the add's batch found and did (addLineStatements, readAdd). */
export type AddResult =
  | { ok: true; quantity: number; capped: boolean }
  | { ok: false; reason: "too-many-lines" }
  | { ok: false; reason: "few-left"; inBag: number };

export interface LineToAdd extends LineKey {
  quantity: number;
  price: number;
  availability: Availability;
  /** On hand when counted and not sold ahead: the bag never holds more than this of it. */
  onHand: number | null;
  /** The add's token (from the island): the same add sent twice adds once. */
  token: string | null;
}

const OWNED_CART = "SELECT id FROM carts WHERE owner_kind = ?1 AND owner_id = ?2";

/**
 * An add to the bag as statements for one batch, with nothing read first (docs/decisions/0100): the
 * owner's cart made if new, the line before, the line added to (never past QUANTITY_MAX, never to
 * more than `onHand`, never a line past CART_LINES_MAX, not at all when its token was the last to
 * change it), the line after. readAdd reads the answer from their results.
 */
export function addLineStatements(db: D1Database, owner: CartOwner, line: LineToAdd): D1PreparedStatement[] {
  const same = "l.cart_id = c.id AND l.product_slug = ?3 AND l.variant_sku = ?4";
  return [
    db
      .prepare(
        "INSERT INTO carts (id, owner_kind, owner_id) VALUES (?3, ?1, ?2) ON CONFLICT (owner_kind, owner_id) DO NOTHING",
      )
      .bind(owner.kind, owner.id, crypto.randomUUID()),
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
         SELECT c.id, ?3, ?4, MIN(?5, ?9), ?6, ?7, ?8 FROM carts c
         WHERE c.owner_kind = ?1 AND c.owner_id = ?2
           AND (EXISTS (SELECT 1 FROM cart_lines l WHERE ${same})
                OR (SELECT COUNT(*) FROM cart_lines l WHERE l.cart_id = c.id) < ?10)
           AND (?11 IS NULL
                OR COALESCE((SELECT l.quantity FROM cart_lines l WHERE ${same}), 0) + ?5 <= ?11
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
        line.availability,
        line.token,
        QUANTITY_MAX,
        CART_LINES_MAX,
        line.onHand,
      ),
  ];
}

/** The answer of an add from its statements' results (in the order addLineStatements made them). */
export function readAdd(results: readonly D1Result[], line: LineToAdd): AddResult {
  const before = results[1]?.results[0] as
    | { in_bag: number | null; lines: number; last_token: string | null }
    | undefined;
  const after = results[2]?.results[0] as { quantity: number } | undefined;
  const inBag = before?.in_bag ?? 0;
  if (!after) {
    const newLine = before?.in_bag === null || before?.in_bag === undefined;
    return newLine && (before?.lines ?? 0) >= CART_LINES_MAX
      ? { ok: false, reason: "too-many-lines" }
      : { ok: false, reason: "few-left", inBag };
  }
  const repeated = line.token !== null && before?.last_token === line.token;
  return { ok: true, quantity: after.quantity, capped: !repeated && inBag + line.quantity > QUANTITY_MAX };
}

/** An add on its own, in one batch (the stores' tests and scripts; the bag's action adds its limits and counts). */
export async function addLine(
  db: D1Database,
  owner: CartOwner,
  line: LineKey & { quantity: number; price: number; availability: Availability } & Partial<LineToAdd>,
): Promise<AddResult> {
  const toAdd: LineToAdd = { onHand: null, token: null, ...line };
  return readAdd(await db.batch(addLineStatements(db, owner, toAdd)), toAdd);
}

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
