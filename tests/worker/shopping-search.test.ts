import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";

describe("header search suggestions", () => {
  it("suggests up to six products matching every word, with brand, price and path", async () => {
    const res = await fetchWorker("/catalog-api/suggest?q=rose%20ritual");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const { items } = (await res.json()) as { items: { name: string; brand: string; price: string; path: string }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(6);
    for (const item of items) {
      expect(item.name).toContain("Rose Ritual");
      expect(item.price).toMatch(/^AED \d/);
      expect(item.path).toMatch(/^\/catalog\/[a-z0-9-]+\/[a-z0-9-]+$/);
    }
  });

  it("answers an empty list for short, odd or missing queries, never an error", async () => {
    for (const q of ["", "?q=", "?q=a", "?q=%25%25", "?q[]=a&q[]=b", `?q=${"x".repeat(5000)}`, "?q=%3Cscript%3E"]) {
      const res = await fetchWorker(`/catalog-api/suggest${q}`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(((await res.json()) as { items: unknown[] }).items), q).toBe(true);
    }
  });

  it("renders the header search as a combobox that still submits to /search", async () => {
    const html = await (await fetchWorker("/catalog")).text();
    expect(html).toContain('data-island="search-suggest"');
    const form = html.match(/<form[^>]*class="search-box"[^>]*>/)?.[0] ?? "";
    expect(form).toContain('action="/search"');
    expect(form).toContain('method="get"');
    expect(form).toContain('role="search"');
    expect(html).toMatch(/<input[^>]*id="site-search"[^>]*role="combobox"/);
    // A combobox is a text input (an input of type search may carry no role and no aria-expanded);
    // it still brings up the keyboard's Search key, and its landmark is named apart from the search page's.
    const input = html.match(/<input[^>]*id="site-search"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('type="text"');
    expect(input).toMatch(/enterkeyhint="search"/i);
    expect(input).toMatch(/inputmode="search"/i);
    expect(form).toContain('aria-label="Quick search"');
  });

  it("echoes the search query in the header box escaped", async () => {
    const html = await (await fetchWorker("/search?q=%22%3E%3Cb%3Ebold")).text();
    expect(html).not.toContain('"><b>bold');
    expect(html).toContain("&quot;&gt;&lt;b&gt;bold");
  });
});
