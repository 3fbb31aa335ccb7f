import { describe, expect, it } from "vitest";
import { safeLocalPath, sameOriginBack } from "../../worker/platform/security/safe-path";
import { fetchWorker } from "./fetch";

describe("redirects stay on the site (issue 13, item 3)", () => {
  it.each(["//evil.example/", "/\\evil.example/", "///evil.example/", "/\\/evil.example/"])(
    "the trailing-slash redirect of %s keeps a single leading slash",
    async (path) => {
      const res = await fetchWorker(`https://shop.example${path}`);
      expect(res.status).toBe(301);
      const location = res.headers.get("location") ?? "";
      expect(location).toBe("/evil.example");
      expect(new URL(location, "https://shop.example/").host).toBe("shop.example");
    },
  );

  it("sends a favourite toggle with a foreign or malformed Referer back to the favourites", async () => {
    for (const referer of ["x", "https://evil.example/page", "https://shop.example//evil.example"]) {
      const res = await fetchWorker("/favorites/toggle", {
        method: "POST",
        headers: { referer, origin: "https://shop.example", "content-type": "application/x-www-form-urlencoded" },
        body: "slug=no-such-product-anywhere",
      });
      // Refused by the CSRF check or sent back; never a 500 and never off the site.
      expect(res.status).toBeLessThan(500);
      const location = res.headers.get("location");
      if (location) expect(new URL(location, "https://shop.example/").host).toBe("shop.example");
    }
  });
});

describe("safeLocalPath", () => {
  const tricky = [
    "/.//evil.com",
    "//evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "/%2e%2e//evil.com",
    "/a/../..//evil.com",
    "/./\\evil.com/x?y#z",
    "/ok/path?q=1#h",
    "https://evil.com/",
    "javascript:alert(1)",
  ];

  it.each(tricky)("is idempotent and never answers a path another host could hide in (%s)", (input) => {
    const once = safeLocalPath(input, "/fallback");
    expect(safeLocalPath(once, "/fallback")).toBe(once);
    expect(once).toMatch(/^\/(?![/\\])/);
    expect(new URL(once, "https://shop.example/").host).toBe("shop.example");
  });

  it("keeps an ordinary path with its query and fragment", () => {
    expect(safeLocalPath("/catalog/skincare?page=2#top", "/")).toBe("/catalog/skincare?page=2#top");
  });

  it("turns /.//evil.com into a local path, not //evil.com", () => {
    expect(safeLocalPath("/.//evil.com", "/")).toBe("/evil.com");
  });

  it("uses a same-origin Referer's path and ignores others", () => {
    expect(sameOriginBack("https://shop.example/blog?page=2", "https://shop.example/cart/add", "/cart")).toBe(
      "/blog?page=2",
    );
    expect(sameOriginBack("x", "https://shop.example/cart/add", "/cart")).toBe("/cart");
    expect(sameOriginBack("https://evil.example/", "https://shop.example/cart/add", "/cart")).toBe("/cart");
    expect(sameOriginBack(undefined, "https://shop.example/cart/add", "/cart")).toBe("/cart");
  });
});
