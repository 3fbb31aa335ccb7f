import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { DB_BOOKMARK_COOKIE } from "../../../shared/cookie-names";
import type { AppEnv } from "../app-env";
import { notingFailures } from "./failures-noted";
import { retryingReads } from "./retry";

/**
 * Where a request reads and writes (docs/decisions/0100). D1 has one primary, far from most
 * shoppers, and read replicas nearer them (read replication on, reached through the Sessions API):
 *
 * - `c.env.DB` is the request's session anchored at the primary ("first-primary"): its first
 *   query, the session check or the action's batch, runs on the primary, and every later one sees
 *   at least what that one saw. Everything exact goes here: sessions, limits, writes, stock taken
 *   at order time, idempotency keys, the staff desk.
 * - `nearDatabase(c)` is a session anchored at the shopper's last write (the bookmark cookie) or
 *   anywhere: what decides no access reads there (records, stock shown on pages, a bag page).
 *
 * After a state-changing request the primary session's bookmark goes into a cookie, so the
 * shopper's next request reads from a replica that has caught up with their own writes.
 * Reads are retried after transient errors in both (retry.ts); a call that fails still is said
 * against the page being drawn (failures-noted.ts).
 */
const BOOKMARK_MAX_AGE = 60 * 60;
/** Bookmarks are short opaque strings; anything longer is not one of ours. */
const BOOKMARK_MAX_LENGTH = 200;

/** A session with the whole D1Database shape, so the stores take either. */
function asDatabase(session: D1DatabaseSession, db: D1Database): D1Database {
  return {
    prepare: (sql: string) => session.prepare(sql),
    batch: (statements: D1PreparedStatement[]) => session.batch(statements),
    exec: (sql: string) => db.exec(sql),
    withSession: (constraint?: string) => db.withSession(constraint),
    dump: () => db.dump(),
    getBookmark: () => session.getBookmark(),
  } as unknown as D1Database;
}

function bookmarkOf(db: D1Database): string | null {
  const session = db as unknown as Partial<Pick<D1DatabaseSession, "getBookmark">>;
  return session.getBookmark?.() ?? null;
}

function readBookmark(c: Context<AppEnv>): string | null {
  const value = getCookie(c, DB_BOOKMARK_COOKIE);
  return value && value.length <= BOOKMARK_MAX_LENGTH && /^[\w.:-]+$/.test(value) ? value : null;
}

/** The first middleware: the request's D1 is its primary session; its bookmark is kept after a write. */
export const requestDatabase = createMiddleware<AppEnv>(async (c, next) => {
  const binding = c.env.DB;
  const primary = asDatabase(notingFailures(c, retryingReads(binding)).withSession("first-primary"), binding);
  c.env = { ...c.env, DB: primary };
  c.set("database", { binding });
  await next();
  if (c.req.method === "GET" || c.req.method === "HEAD") return;
  const bookmark = bookmarkOf(primary);
  if (bookmark && bookmark.length <= BOOKMARK_MAX_LENGTH && bookmark !== readBookmark(c)) {
    setCookie(c, DB_BOOKMARK_COOKIE, bookmark, {
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
      maxAge: BOOKMARK_MAX_AGE,
    });
  }
});

/**
 * The request's near session: a replica that has seen the shopper's last write (their bookmark),
 * or any replica. Made once per request.
 */
export function nearDatabase(c: Context<AppEnv>): D1Database {
  const database = c.get("database");
  if (!database) return c.env.DB;
  database.near ??= asDatabase(
    notingFailures(c, retryingReads(database.binding)).withSession(readBookmark(c) ?? "first-unconstrained"),
    database.binding,
  );
  return database.near;
}
