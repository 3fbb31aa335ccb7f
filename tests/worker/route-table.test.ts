import { describe, expect, it } from "vitest";
import { type RouteDefinition, routes } from "../../shared/routes";
import { pageHandlers } from "../../worker/page-registry";
import { BROWSING } from "../../worker/platform/routing/limit-presets";
import { writes } from "../../worker/platform/routing/route-spec";
import { fetchWorker } from "./fetch";

describe("route table", () => {
  it("names every route with the ___en locale suffix and a path without a trailing slash", () => {
    for (const route of routes) {
      expect(route.name).toMatch(/___en$/);
      expect(route.path === "/" || !route.path.endsWith("/")).toBe(true);
    }
  });

  it("covers every screen of spec section 2", () => {
    const paths = routes.map((r) => r.path);
    for (const path of [
      "/",
      "/blog",
      "/blog/:tag",
      "/blog/:tag/:slug",
      "/catalog",
      "/catalog/:category",
      "/catalog/:category/:slug",
      "/cart",
      "/cart/order",
      "/search",
      "/wholesale",
      "/favorites",
      "/reviews",
      "/company",
      "/contacts",
      "/delivery",
      "/payment",
      "/partnership",
      "/privacy-policy",
      "/refund-policy",
      "/terms-and-conditions",
      "/user",
      "/user/login",
      "/user/signup",
      "/user/edit",
      "/user/orders",
      "/user/password",
    ]) {
      expect(paths).toContain(path);
    }
  });

  it("names pages and route middleware by types the compiler checks; the registry has exactly the table's pages", () => {
    const rows: RouteDefinition[] = [
      // @ts-expect-error an unknown route middleware does not compile
      { name: "broken___en", path: "/broken", page: "home", personal: false, middleware: ["no-such-thing"] },
      // @ts-expect-error nor does an unknown page module
      { name: "broken___en", path: "/broken", page: "no-such-page", personal: false, middleware: [] },
      // @ts-expect-error nor a row that does not say whether the page is personal
      { name: "broken___en", path: "/broken", page: "home", middleware: [] },
      // @ts-expect-error nor a signed-in shopper's page kept as the same for everyone
      { name: "broken___en", path: "/broken", page: "user", personal: false, middleware: ["auth"] },
    ];
    expect(rows).toHaveLength(4);
    expect(Object.keys(pageHandlers).sort()).toEqual([...new Set(routes.map((r) => r.page))].sort());
  });

  it("does not compile a state-changing route's row that leaves out a fact", () => {
    const rows = [
      // @ts-expect-error a state-changing route states its rate limits
      writes({ body: "form", csrf: "origin-checked", session: "resume", personal: true }),
      // @ts-expect-error and its body
      writes({ limits: BROWSING, csrf: "origin-checked", session: "resume", personal: true }),
      // @ts-expect-error an upload says how many files
      writes({ body: "upload", limits: BROWSING, csrf: "origin-checked", session: "resume", personal: true }),
      // @ts-expect-error an exemption from the Origin guard says why
      writes({ body: "form", limits: BROWSING, csrf: "exempt", session: "resume", personal: true }),
      // @ts-expect-error and whether it is personal
      writes({ body: "form", limits: BROWSING, csrf: "origin-checked", session: "resume" }),
    ];
    expect(rows).toHaveLength(5);
  });

  it("serves every static route of the table", async () => {
    for (const route of routes.filter((r) => !r.path.includes(":") && !r.middleware.some((name) => name === "auth"))) {
      const res = await fetchWorker(route.path);
      expect([200, 302], `${route.path} answered ${res.status}`).toContain(res.status);
    }
  });

  it("sends anonymous visitors of the user area to sign-in with a way back", async () => {
    const res = await fetchWorker("/user/orders");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/user/login?redirect=%2Fuser%2Forders");
  });
});

describe("build manifest", () => {
  it("answers the build id and timestamp, never cached", async () => {
    const res = await fetchWorker("/builds/latest.json?t=123");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = await res.json<{ id: string; timestamp: string }>();
    expect(typeof body.id).toBe("string");
    expect(body.id.length).toBeGreaterThan(0);
    const page = await (await fetchWorker("/")).text();
    expect(page).toContain(`data-build="${body.id}"`);
  });
});
