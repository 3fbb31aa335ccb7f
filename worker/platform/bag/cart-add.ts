import type { Availability } from "../../../shared/cart-rules";
import { CART_LINES_MAX, QUANTITY_MAX } from "../../../shared/cart-rules";
import type { CartOwner, LineKey } from "./cart-store";

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
