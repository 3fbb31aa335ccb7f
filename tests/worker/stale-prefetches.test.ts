import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";

/**
 * A post's answer tells the browser to drop the pages it fetched ahead (worker/platform/middleware/
 * stale-prefetches.ts): they were made before the post, without its message and with the old bag.
 * A page's answer does not, or every view would throw the prefetches away.
 */
const DROP = '"prefetchCache"';
const PRODUCT = "/catalog/skincare/maison-lumiere-rose-ritual-soothing-toner";
const SOLD_OUT = "/catalog/makeup/velvet-hue-lips-brow-sculpt-pencil";
const ONE_TONER = { slug: "maison-lumiere-rose-ritual-soothing-toner", quantity: "1" };

describe("pages fetched ahead after a post", () => {
  it("are dropped by the post's redirect, its refusal in the page and its JSON answer", async () => {
    const browser = new Browser();
    const added = await browser.post("/cart/add", ONE_TONER, { from: PRODUCT });
    expect(added.status).toBe(303);
    expect(added.headers.get("clear-site-data")).toBe(DROP);

    const refused = await browser.post(
      "/stock-alerts",
      { product: "velvet-hue-lips-brow-sculpt-pencil", email: "noor@nowhere" },
      { from: SOLD_OUT },
    );
    expect(refused.status).toBe(422);
    expect(refused.headers.get("clear-site-data")).toBe(DROP);

    const json = await browser.post("/cart/add", ONE_TONER, { from: PRODUCT, headers: { accept: "application/json" } });
    expect(json.status).toBe(200);
    expect(json.headers.get("clear-site-data")).toBe(DROP);
  });

  it("are kept by a page view, and nothing else is ever cleared", async () => {
    const browser = new Browser();
    for (const path of ["/", PRODUCT, "/cart"]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("clear-site-data"), path).toBeNull();
    }
    const added = await browser.post("/cart/add", ONE_TONER, { from: PRODUCT });
    // Only the prefetches: never the shopper's cookies or storage.
    expect(added.headers.get("clear-site-data")).not.toMatch(/cookies|storage|cache"|\*/);
  });
});
