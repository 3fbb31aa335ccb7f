import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { readCartOwner } from "./cart-owner";
import type { CartOwner } from "./cart-store";

/** D1 access for favourites. Owners are the same as the bag's: an account or a visitor id. */
export const FAVOURITES_MAX = 200;

export async function listFavourites(db: D1Database, owner: CartOwner): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT product_slug FROM favourites WHERE owner_kind = ?1 AND owner_id = ?2 ORDER BY added_at DESC LIMIT ?3",
    )
    .bind(owner.kind, owner.id, FAVOURITES_MAX)
    .all<{ product_slug: string }>();
  return results.map((r) => r.product_slug);
}

/**
 * Adds or removes as statements for one batch (docs/decisions/0100): the favourite goes if it was
 * there, else it comes (`changes()` is the delete's count, the statement before it in the same
 * transaction), and the last says whether it is one now (readToggle).
 */
export function toggleFavouriteStatements(db: D1Database, owner: CartOwner, slug: string): D1PreparedStatement[] {
  return [
    db
      .prepare("DELETE FROM favourites WHERE owner_kind = ?1 AND owner_id = ?2 AND product_slug = ?3")
      .bind(owner.kind, owner.id, slug),
    db
      .prepare(
        "INSERT OR IGNORE INTO favourites (owner_kind, owner_id, product_slug) SELECT ?1, ?2, ?3 WHERE changes() = 0",
      )
      .bind(owner.kind, owner.id, slug),
    db
      .prepare(
        "SELECT EXISTS (SELECT 1 FROM favourites WHERE owner_kind = ?1 AND owner_id = ?2 AND product_slug = ?3) AS now",
      )
      .bind(owner.kind, owner.id, slug),
  ];
}

/** Whether it is a favourite now, from toggleFavouriteStatements' results. */
export function readToggle(results: readonly D1Result[]): boolean {
  return (results[2]?.results[0] as { now: number } | undefined)?.now === 1;
}

/** On sign-in the visitor's favourites join the account's; duplicates collapse. */
export async function mergeFavourites(db: D1Database, visitorId: string, userId: number): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT OR IGNORE INTO favourites (owner_kind, owner_id, product_slug, added_at)
         SELECT 'user', ?2, product_slug, added_at FROM favourites WHERE owner_kind = 'visitor' AND owner_id = ?1`,
      )
      .bind(visitorId, String(userId)),
    db.prepare("DELETE FROM favourites WHERE owner_kind = 'visitor' AND owner_id = ?1").bind(visitorId),
  ]);
}

/** The shopper's favourite slugs, for drawing hearts; no query for a visitor without an id. */
export async function favouriteSlugs(c: Context<AppEnv>): Promise<Set<string>> {
  const owner = await readCartOwner(c);
  return new Set(owner ? await listFavourites(c.env.DB, owner) : []);
}
