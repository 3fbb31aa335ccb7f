import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";

describe("search", () => {
  it("finds products first and then articles, with counts", async () => {
    const res = await fetchWorker("/search?q=serum");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/Products \(\d+\)/);
    expect(html).toMatch(/Articles \(\d+\)/);
    expect(html.indexOf("search-products")).toBeLessThan(html.indexOf("search-posts"));
    expect(html).toContain('class="product-card"');
  });

  it("matches every word across name, brand and line", async () => {
    const html = await (await fetchWorker("/search?q=velvet%20lips")).text();
    expect(html).toMatch(/Products \(\d+\)/);
    expect(html).toContain("Velvet Hue");
  });

  it("says so when nothing matches and echoes the query escaped", async () => {
    const html = await (await fetchWorker("/search?q=%3Cscript%3Ealert(1)%3C/script%3E")).text();
    expect(html).toContain("Nothing matches");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("never fails on odd queries and is never indexed", async () => {
    for (const q of ["", "?q=", "?q=%25%25%25", "?q[]=a&q[]=b", `?q=${"a".repeat(5000)}`]) {
      const res = await fetchWorker(`/search${q}`);
      expect(res.status, q).toBe(200);
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
    // A page number it cannot show: the search's one spelling (page-query.test.ts).
    const odd = await fetchWorker("/search?q=x&page=abc");
    expect(odd.status).toBe(301);
    expect(odd.headers.get("location")).toBe("/search?q=x");
  });
});
