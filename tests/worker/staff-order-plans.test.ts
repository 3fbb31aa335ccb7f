import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type OrderFilter, orderListQueries } from "../../worker/platform/orders/order-desk-store";

/**
 * The staff desk's order list stays fast with many orders (decision 0074): every filter and search
 * reaches its rows through an index (migrations/0083), asked of SQLite itself with EXPLAIN
 * QUERY PLAN on the very statements the list runs.
 */
async function plan(sql: string, params: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

const FILTERS: [string, OrderFilter][] = [
  ["no filter", {}],
  ["status", { status: "new" }],
  ["payment", { payment: "online" }],
  ["delivery", { delivery: "pickup" }],
  ["emirate", { region: "Sharjah" }],
  ["date range", { from: "2026-10-01", to: "2026-10-31" }],
  ["from a date", { from: "2026-10-01" }],
  ["until a date", { to: "2026-10-31" }],
  [
    "every filter at once",
    {
      status: "shipped",
      payment: "cash",
      delivery: "transport",
      region: "Dubai",
      from: "2026-01-01",
      to: "2026-12-31",
    },
  ],
];

const SEARCHES: [string, OrderFilter][] = [
  ["an order number", { q: "NB-2611-7K3QX" }],
  ["an e-mail address", { q: "Mariam@Example.ae" }],
  ["a name", { q: "Mariam Al S" }],
  ["a phone number", { q: "+971 50 123 4567" }],
  [
    "a name with every filter",
    { q: "al suwaidi", status: "new", payment: "cash", region: "Dubai", from: "2026-01-01" },
  ],
];

/** A full pass over the table, as SQLite words it: "SCAN orders" with no index after it. */
const tableScan = (detail: string) => /^SCAN orders\b(?! USING)/.test(detail);

describe("the order list's queries", () => {
  for (const [name, filter] of FILTERS) {
    it(`${name}: counts through an index and reads a page in index order, no sort`, async () => {
      const { count, rows } = orderListQueries(filter, { page: 3, perPage: 25 });
      const counted = await plan(count.sql, count.params);
      const listed = await plan(rows.sql, rows.params);
      expect(counted.some(tableScan), counted.join(" | ")).toBe(false);
      expect(listed.some(tableScan), listed.join(" | ")).toBe(false);
      expect(
        listed.some((d) => d.includes("TEMP B-TREE")),
        listed.join(" | "),
      ).toBe(false);
    });
  }

  for (const [name, filter] of SEARCHES) {
    it(`searching ${name}: only the search's indexes, never a pass over every order`, async () => {
      const { count, rows } = orderListQueries(filter, { page: 1, perPage: 25 });
      for (const detail of [...(await plan(count.sql, count.params)), ...(await plan(rows.sql, rows.params))]) {
        expect(tableScan(detail), detail).toBe(false);
        // The other filters ride along: the rows come from the search's own indexes.
        expect(detail, detail).not.toMatch(
          /orders_(created|status_created|payment_created|delivery_created|region_created)/,
        );
      }
      const listed = await plan(rows.sql, rows.params);
      expect(listed[0]).toBe("MULTI-INDEX OR");
    });
  }
});
