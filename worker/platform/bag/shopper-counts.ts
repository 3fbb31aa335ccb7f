import type { Context } from "hono";
import type { AppEnv, ShopperCounts } from "../app-env";
import { nearDatabase } from "../database/request-database";
import type { CartOwner } from "./cart-store";
import { FAVOURITES_MAX } from "./favourite-store";

/**
 * The bag's item count and the favourite slugs of one owner, in one statement: every view of a
 * kept page by a shopper with a bag asks for both, and a round trip costs more than the rows.
 * (The bag and favourites stores keep their own single-purpose queries for everything else.) An
 * action appends it to the batch that writes (docs/decisions/0100); within a request, go through
 * shopperCounts below.
 */
export function countsStatement(db: D1Database, owner: CartOwner): D1PreparedStatement {
  return db.prepare(countsSql("?2")).bind(owner.kind, owner.id, FAVOURITES_MAX);
}

/**
 * The counts of the account whose live session has this id hash, whoever it is: in the batch that
 * checks the session itself, so a signed-in page costs one round trip (session/session.ts).
 */
export function sessionCountsStatement(db: D1Database, idHash: string, now: number): D1PreparedStatement {
  const account =
    "(SELECT CAST(user_id AS TEXT) FROM shop_sessions WHERE id_hash = ?4 AND ended_at IS NULL AND expires_at > ?5)";
  return db.prepare(countsSql(account)).bind("user", null, FAVOURITES_MAX, idHash, now);
}

/** ?1 the owner's kind, `ownerId` their id (a parameter or a subquery), ?3 how many favourites at most. */
function countsSql(ownerId: string): string {
  return `SELECT 'bag' AS kind, CAST(COALESCE(SUM(l.quantity), 0) AS TEXT) AS value
         FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE c.owner_kind = ?1 AND c.owner_id = ${ownerId}
       UNION ALL
       SELECT 'favourite', product_slug FROM (
         SELECT product_slug FROM favourites WHERE owner_kind = ?1 AND owner_id = ${ownerId} ORDER BY added_at DESC LIMIT ?3
       )
       UNION ALL
       SELECT DISTINCT 'pending', CAST(product_id AS TEXT) FROM product_reviews
         WHERE owner_kind = ?1 AND owner_id = ${ownerId} AND status = 'pending'`;
}

export interface CountRow {
  kind: "bag" | "favourite" | "pending";
  value: string;
}

/** The counts from countsStatement's rows. */
export function countsOf(rows: readonly CountRow[]): ShopperCounts {
  return {
    bag: Number(rows.find((row) => row.kind === "bag")?.value ?? 0),
    favourites: rows.filter((row) => row.kind === "favourite").map((row) => row.value),
    pendingReviews: rows.filter((row) => row.kind === "pending").map((row) => Number(row.value)),
  };
}

async function readShopperCounts(db: D1Database, owner: CartOwner): Promise<ShopperCounts> {
  const { results } = await countsStatement(db, owner).all<CountRow>();
  return countsOf(results);
}

/** Counts this request read already (in an action's batch, or with the session check): shopperCounts answers them. */
export function knownShopperCounts(c: Context<AppEnv>, owner: CartOwner, counts: ShopperCounts): void {
  c.set("shopperCounts", { key: keyOf(owner), counts: Promise.resolve(counts) });
}

const keyOf = (owner: CartOwner) => `${owner.kind}:${owner.id}`;

/**
 * This request's counts for `owner`, read at most once: the header, a kept
 * page's holes, a bag or favourites action's answer and the visitor's counts
 * cookie (frame/personal/visitor-counts.ts) all show the same numbers. Read
 * once the request's own changes are made (an action answers after them).
 */
export function shopperCounts(c: Context<AppEnv>, owner: CartOwner): Promise<ShopperCounts> {
  const key = keyOf(owner);
  const read = c.get("shopperCounts");
  if (read?.key === key) return read.counts;
  // A page reads them near the shopper (their bookmark brings their own last change); an action after its change.
  const reading = c.req.method === "GET" || c.req.method === "HEAD";
  const counts = readShopperCounts(reading ? nearDatabase(c) : c.env.DB, owner);
  c.set("shopperCounts", { key, counts });
  return counts;
}
