import { describe, expect, it } from "vitest";
import { isLocalisedPath, localeDirection, localizePath, splitLocalePath } from "../../shared/locale-path";
import { isPersonalPath } from "../../shared/personal-paths";

describe("locale paths (prefix except default)", () => {
  it("splits a path into its locale and the path the router reads", () => {
    expect(splitLocalePath("/ar")).toEqual({ locale: "ar", path: "/" });
    expect(splitLocalePath("/ar/")).toEqual({ locale: "ar", path: "/" });
    expect(splitLocalePath("/ar/catalog/skincare")).toEqual({ locale: "ar", path: "/catalog/skincare" });
    expect(splitLocalePath("/catalog")).toEqual({ locale: "en", path: "/catalog" });
    expect(splitLocalePath("/arabic")).toEqual({ locale: "en", path: "/arabic" });
    expect(splitLocalePath("/en/catalog")).toEqual({ locale: "en", path: "/en/catalog" });
  });

  it("writes a shop path in a locale, query and hash kept, and leaves everything else alone", () => {
    expect(localizePath("ar", "/")).toBe("/ar");
    expect(localizePath("ar", "/?utm_source=x")).toBe("/ar?utm_source=x");
    expect(localizePath("ar", "/catalog?page=2#top")).toBe("/ar/catalog?page=2#top");
    expect(localizePath("ar", "/ar/catalog")).toBe("/ar/catalog");
    expect(localizePath("en", "/catalog")).toBe("/catalog");
    for (const other of [
      "https://example.com/catalog",
      "//evil.example/x",
      "tel:+971",
      "#main",
      "?page=2",
      "/graphql",
      "/api/users/me",
      "/uploads/x.svg",
      "/assets/main.css",
      "/staff/orders",
      "/robots.txt",
      "/sitemaps/pages-1.xml",
      "/og-image.png",
    ]) {
      expect(localizePath("ar", other), other).toBe(other);
    }
    expect(isLocalisedPath("/blog/news/version-2.0")).toBe(true);
  });

  it("says which way each language is written", () => {
    expect(localeDirection("ar")).toBe("rtl");
    expect(localeDirection("en")).toBe("ltr");
  });

  it("knows a personal page in any language", () => {
    expect(isPersonalPath("/ar/cart")).toBe(true);
    expect(isPersonalPath("/ar/user/orders")).toBe(true);
    expect(isPersonalPath("/ar/catalog")).toBe(false);
    expect(isPersonalPath("/cart")).toBe(true);
  });
});
