import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";

describe("client input never causes a 500 (issue 13, item 4)", () => {
  it.each(["null", "[]", '"query"', "42"])(
    "POST /graphql with the body %s is a 400 that says what to send",
    async (body) => {
      const res = await fetchWorker("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { errors: { message: string }[] };
      expect(json.errors[0]?.message).toBe("The request body must be a JSON object with a query");
    },
  );

  it("a favourite toggle with `Referer: x` goes back to the favourites", async () => {
    const browser = new Browser();
    const res = await fetchWorker("/favorites/toggle", {
      method: "POST",
      headers: {
        cookie: browser.cookieHeader(),
        origin: "https://shop.example",
        referer: "x",
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": browser.ip,
      },
      body: new URLSearchParams({ slug: await aProductSlug() }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/favorites");
  });

  it("searches the other words when one is longer than 48 bytes, and says which was left out", async () => {
    const word = `rose${"x".repeat(60)}`;
    const res = await fetchWorker(`/search?q=${encodeURIComponent(`serum ${word}`)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("Search is not available right now");
    expect(html).toContain("is too long to search for (at most 48 letters a word), so we left it out.");
    expect(html).toMatch(/Products \(\d+\)/);
  });

  it("still suggests products when the typed word is longer than 48 bytes", async () => {
    // Multi-byte letters reach the byte limit in fewer characters.
    const res = await fetchWorker(`/catalog-api/suggest?q=${encodeURIComponent(`serum ${"é".repeat(40)}`)}`);
    expect(res.status).toBe(200);
    const items = ((await res.json()) as { items: unknown[] }).items;
    expect(items.length).toBeGreaterThan(0);
    const plain = await fetchWorker("/catalog-api/suggest?q=serum");
    expect(items).toEqual(((await plain.json()) as { items: unknown[] }).items);
  });
});

async function aProductSlug(): Promise<string> {
  const row = await env.DB.prepare("SELECT slug FROM cms_products ORDER BY id LIMIT 1").first<{ slug: string }>();
  if (!row) throw new Error("no product in the seed");
  return row.slug;
}
