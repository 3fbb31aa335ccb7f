import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { shopBindings } from "../../worker/index";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { productSlugs } from "./support/shop-fixtures";

/**
 * Every D1 statement a shopper's pages run reaches its rows through an index (the
 * catalogue and the orders grow to 10 000 and more, and a full scan grows with them). The
 * statements are not listed here by hand: the shop is walked with a D1 that records what it is
 * asked, and SQLite's own EXPLAIN QUERY PLAN is asked about each one, with the values it was
 * bound to. The embedded CMS's statements are on the same path (its D1 is the same binding).
 */
interface Recorded {
  sql: string;
  params: unknown[];
}

/** A statement maker that writes down each statement it prepares and the values it is bound to. */
function recordingPrepare(prepare: (sql: string) => D1PreparedStatement, log: Recorded[]) {
  return (sql: string) => {
    const statement = prepare(sql);
    log.push({ sql, params: [] });
    return new Proxy(statement, {
      get(inner, name) {
        if (name === "bind") {
          return (...params: unknown[]) => {
            log.push({ sql, params });
            return inner.bind(...params);
          };
        }
        const value = Reflect.get(inner, name, inner);
        return typeof value === "function" ? value.bind(inner) : value;
      },
    });
  };
}

/** A D1 that writes down each statement, its own and its sessions' (a request reads through sessions). */
function recordingDb(db: D1Database, log: Recorded[]): D1Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return recordingPrepare((sql) => target.prepare(sql), log);
      if (property === "withSession") {
        return (constraint?: string) => {
          const session = target.withSession(constraint);
          return {
            prepare: recordingPrepare((sql) => session.prepare(sql), log),
            batch: (statements: D1PreparedStatement[]) => session.batch(statements),
            getBookmark: () => session.getBookmark(),
          };
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Tables read whole on purpose, bounded by what they are, not by what the shop sells:
 * redirect_rules is read into each isolate's cache at most once a minute, LIMIT-ed
 * (worker/platform/redirects/redirect-rules.ts).
 */
const READ_WHOLE = new Set(["redirect_rules"]);

/** The tables a plan reads whole, as SQLite words it: "SCAN t" with no index after it (a CTE's own rows aside). */
function fullScans(sql: string, plan: string[]): string[] {
  const ctes = new Set([...sql.matchAll(/(?:WITH|,)\s+(\w+)\s+AS\s+(?:MATERIALIZED\s+)?\(/gi)].map((m) => m[1]));
  return plan.flatMap((detail) => {
    const scan = detail.match(/^SCAN (\w+)(?: AS \w+)?(.*)$/);
    if (!scan) return [];
    const [, table, rest] = scan as unknown as [string, string, string];
    if (/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|VIRTUAL TABLE INDEX/.test(rest)) return [];
    if (table === "CONSTANT" || ctes.has(table) || READ_WHOLE.has(table)) return [];
    return [table];
  });
}

const log: Recorded[] = [];
const bindings = shopBindings({ ...env, DB: recordingDb(env.DB, log) });
const send = (path: string, init: RequestInit) => appRequest(`https://shop.example${path}`, init, bindings);

describe("the queries on a shopper's path", () => {
  beforeAll(async () => {
    const [slug] = await productSlugs();
    const product = await env.DB.prepare(
      "SELECT p.slug, c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id WHERE p.slug = ?1",
    )
      .bind(slug)
      .first<{ slug: string; category: string }>();
    const visitor = new Browser(send);
    const paths = [
      "/",
      "/catalog",
      `/catalog/${product!.category}`,
      `/catalog/${product!.category}?sort=price-asc&availability=in_stock`,
      `/catalog/${product!.category}/${product!.slug}`,
      "/brands",
      "/blog",
      "/search?q=serum",
      "/search?q=mascra",
      "/catalog-api/suggest?q=mois",
      "/reviews",
      "/contacts",
    ];
    for (const path of paths) await visitor.get(path);
    // A returning shopper: a bag, a favourite, the same pages again with their holes filled.
    const added = await visitor.post("/cart/add", { slug: product!.slug, quantity: "1" }, { from: paths[4] });
    const favoured = await visitor.post("/favorites/toggle", { slug: product!.slug }, { from: paths[4] });
    expect([added.status, favoured.status]).toEqual([303, 303]);
    for (const path of [...paths, "/cart", "/favorites"]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(200);
    }
    // Content in Arabic (decision 0089): the translations over a page of entries and their relations,
    // and a single type's fallback, asked of the embedded CMS as the storefront will ask.
    const arabic = await send("/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        query: `{ contact(locale: "ar") { data { id } } menu(locale: "ar") { data { id } }
          products(locale: "ar", pagination: { pageSize: 8 }) { data { id attributes { name
            brand { data { attributes { description productLines { data { attributes { name } } } } } }
            category { data { attributes { name } } } } } }
          pages(locale: "ar") { data { attributes { title } } } }`,
      }),
    });
    expect(arabic.status).toBe(200);
    expect(JSON.stringify(await arabic.json())).toContain("العناية بالبشرة");
  });

  it("reads no table whole", async () => {
    const scans: string[] = [];
    const seen = new Set<string>();
    for (const { sql, params } of [...log].reverse()) {
      if (seen.has(sql) || !/^\s*(SELECT|WITH|UPDATE|DELETE|INSERT)/i.test(sql)) continue;
      seen.add(sql);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const tables = fullScans(
        sql,
        results.map((row) => row.detail),
      );
      if (tables.length > 0) scans.push(`${tables.join(", ")} ← ${sql.replace(/\s+/g, " ").slice(0, 160)}`);
    }
    // 79 distinct statements when this was written: the walk reaches the catalogue, search, bag and favourites.
    expect(seen.size).toBeGreaterThan(50);
    expect(scans).toEqual([]);
  });
});
