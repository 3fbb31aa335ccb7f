import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";

describe("canonical host", () => {
  it("redirects a www host permanently to the bare host, keeping path and query", async () => {
    const res = await fetchWorker("https://www.shop.example/catalog/skincare?maker=lumiere&page=2");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("https://shop.example/catalog/skincare?maker=lumiere&page=2");
  });
});

describe("trailing slash", () => {
  it("removes a trailing slash with a permanent redirect, keeping the query", async () => {
    const res = await fetchWorker("/blog/?page=2&tag=news");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/blog?page=2&tag=news");
  });

  it("leaves the root path alone", async () => {
    const res = await fetchWorker("/");
    expect(res.status).toBe(200);
  });

  it("redirects a HEAD like a GET", async () => {
    const res = await fetchWorker("/blog/", { method: "HEAD" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/blog");
  });

  it("does not redirect a form post (the browser would follow with a GET and drop the body): no such action", async () => {
    const res = await fetchWorker("/cart/add/", {
      method: "POST",
      body: new URLSearchParams({ slug: "x", quantity: "1" }),
      headers: { Origin: "https://shop.example", "Sec-Fetch-Site": "same-origin" },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("location")).toBeNull();
  });

  it("applies after the host redirect, so www with a slash ends on the bare host", async () => {
    const res = await fetchWorker("https://www.shop.example/blog/");
    expect(res.headers.get("location")).toBe("https://shop.example/blog/");
  });
});

describe("security headers", () => {
  it("sends a CSP with a per-request nonce on a personal page, nosniff, a referrer policy and no framing", async () => {
    // Public pages carry a nonce derived from their content instead (edge-page-cache.test.ts).
    const first = await fetchWorker("/cart");
    const second = await fetchWorker("/cart");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const nonceOf = (value: string | null) => value?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonceOf(csp)).not.toBe(nonceOf(second.headers.get("content-security-policy")));
    const html = await first.text();
    expect(html).toContain(`nonce="${nonceOf(csp)}"`);
  });

  it("puts the headers on 404 pages too", async () => {
    const res = await fetchWorker("/no-such-page");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
