import type { Context } from "hono";
import type { AppEnv, ShopperCounts } from "../app-env";
import type { CartOwner } from "./cart-store";
import { FAVOURITES_MAX } from "./favourite-store";

/**
 * The bag's item count and the favourite slugs of one owner, in one D1 round
 * trip: every view of a kept page by a shopper with a bag asks for both, and a
 * round trip costs more than the rows. (The bag and favourites stores keep
 * their own single-purpose queries for everything else.) Within a request, go
 * through shopperCounts below.
 */
async function readShopperCounts(db: D1Database, owner: CartOwner): Promise<ShopperCounts> {
  const { results } = await db
    .prepare(
      `SELECT 'bag' AS kind, CAST(COALESCE(SUM(l.quantity), 0) AS TEXT) AS value
         FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE c.owner_kind = ?1 AND c.owner_id = ?2
       UNION ALL
       SELECT 'favourite', product_slug FROM (
         SELECT product_slug FROM favourites WHERE owner_kind = ?1 AND owner_id = ?2 ORDER BY added_at DESC LIMIT ?3
       )
       UNION ALL
       SELECT DISTINCT 'pending', CAST(product_id AS TEXT) FROM product_reviews
         WHERE owner_kind = ?1 AND owner_id = ?2 AND status = 'pending'`,
    )
    .bind(owner.kind, owner.id, FAVOURITES_MAX)
    .all<{ kind: "bag" | "favourite" | "pending"; value: string }>();
  return {
    bag: Number(results.find((row) => row.kind === "bag")?.value ?? 0),
    favourites: results.filter((row) => row.kind === "favourite").map((row) => row.value),
    pendingReviews: results.filter((row) => row.kind === "pending").map((row) => Number(row.value)),
  };
}

/**
 * This request's counts for `owner`, read at most once: the header, a kept
 * page's holes, a bag or favourites action's answer and the visitor's counts
 * cookie (frame/personal/visitor-counts.ts) all show the same numbers. Read
 * once the request's own changes are made (an action answers after them).
 */
export function shopperCounts(c: Context<AppEnv>, owner: CartOwner): Promise<ShopperCounts> {
  const key = `${owner.kind}:${owner.id}`;
  const read = c.get("shopperCounts");
  if (read?.key === key) return read.counts;
  const counts = readShopperCounts(c.env.DB, owner);
  c.set("shopperCounts", { key, counts });
  return counts;
}
