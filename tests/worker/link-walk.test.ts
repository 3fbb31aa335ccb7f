import { describe, expect, it } from "vitest";
import { type LinkName, linkTargets, matchRoute, routePath } from "../../shared/links";
import { isLocalisedPath, splitLocalePath } from "../../shared/locale-path";
import { app } from "../../worker/index";
import type { Browser } from "./support/browser-session";
import { Browser as Jar } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * Decision 0097: every link and form a page shows leads to a route of the table. Each walk starts
 * from a few pages and follows one link of every route it has not seen, so each page type is visited
 * once per language and per visitor (a guest, a signed-in shopper with an order, a staff member);
 * every `href` and `action` on the way must match a row by the table's own patterns.
 */

/** Services and files: assets, uploads, the CMS's media, the build manifest (not pages, not in the table). */
const NOT_A_ROUTE =
  /^\/(assets|uploads|media|builds|api|graphql|sitemaps)\/|\.(png|jpe?g|svg|webp|avif|ico|css|js|xml|txt|webmanifest|woff2?)$/;

/** Routes the walk does not open: answers that are not pages (files, JSON, images). */
const NOT_OPENED = new Set<LinkName>([
  "staff-orders-csv",
  "staff-invoices-csv",
  "staff-request-attachment",
  "staff-review-media",
  "reviews-media",
  "user-avatar",
  "catalog-api-suggest",
  "catalog-api-quick-view",
  "user-connect",
]);

const SITE = "https://shop.example";

function decode(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** The same-site paths of a page's `href`s and `action`s, with the attribute each was found in. */
function linksOf(html: string): { attribute: string; path: string }[] {
  const found: { attribute: string; path: string }[] = [];
  for (const m of html.matchAll(/\s(href|action)="([^"]*)"/g)) {
    const raw = decode(m[2] ?? "");
    if (/^(mailto:|tel:|javascript:|#|data:)/.test(raw) || raw === "") continue;
    const url = new URL(raw, `${SITE}/`);
    if (url.origin !== SITE) continue;
    if (NOT_A_ROUTE.test(url.pathname)) continue;
    found.push({ attribute: m[1] ?? "", path: `${url.pathname}${url.search}` });
  }
  return found;
}

interface Walk {
  seen: Set<LinkName>;
  checked: number;
  pages: string[];
}

async function walk(browser: Browser, starts: string[], prefix: "" | "/ar"): Promise<Walk> {
  const result: Walk = { seen: new Set(), checked: 0, pages: [] };
  const queue = [...starts];
  const opened = new Set<string>();
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (opened.has(path)) continue;
    opened.add(path);
    const res = await browser.get(path);
    const html = await res.text();
    if (!(res.headers.get("content-type") ?? "").includes("text/html")) continue;
    result.pages.push(`${res.status} ${path}`);
    for (const link of linksOf(html)) {
      const { path: unprefixed } = splitLocalePath(link.path.split("?", 1)[0] ?? "");
      // A 404's language switch leads to the same unknown path in the other language, on purpose.
      if (res.status === 404 && unprefixed === splitLocalePath(path).path) continue;
      const route = matchRoute(unprefixed);
      expect(route, `${link.attribute}="${link.path}" on ${path} leads to no route`).not.toBeNull();
      result.checked += 1;
      if (!route || link.attribute !== "href" || result.seen.has(route.name) || NOT_OPENED.has(route.name)) continue;
      result.seen.add(route.name);
      // Follow one link per route, in the page's language; the language switch leads to the other one.
      const inPageLanguage = splitLocalePath(link.path).locale === (prefix === "" ? "en" : "ar");
      if (inPageLanguage || !isLocalisedPath(link.path)) queue.push(link.path);
    }
  }
  return result;
}

/**
 * A walk opens 30 to 40 pages: a second or two on a quiet machine, more than vitest's default 5 s
 * beside a CPU hog, where the guest's and the signed-in shopper's walks once timed out while every page answered.
 */
const WALK = { timeout: 60_000 };

const at = (prefix: "" | "/ar", path: string) => (prefix && path === "/" ? prefix : `${prefix}${path}`);

describe.each(["", "/ar"] as const)("every link leads to a route (%s)", (prefix) => {
  it(
    "on the pages a guest sees: home, catalogue, category, product, brands, search, blog, projects, information pages, bag, sign-in",
    WALK,
    async () => {
      const guest = new Jar();
      const starts = [
        "/",
        "/catalog",
        routePath("search", { query: { q: "serum" } }),
        "/blog",
        "/projects",
        "/brands",
        "/company",
        "/delivery",
        "/contacts",
        "/wholesale",
        "/partnership",
        "/reviews",
        "/cart",
        "/user/login",
        "/user/signup",
        "/user/password",
        "/no-such-page",
      ].map((p) => at(prefix, p));
      const { seen, checked } = await walk(guest, starts, prefix);
      for (const name of [
        "catalog-category",
        "catalog-category-slug",
        "brands-slug",
        "blog-tag",
        "blog-tag-slug",
        "projects-slug",
      ] as const) {
        expect(seen, `no link to ${name} was found`).toContain(name);
      }
      expect(checked).toBeGreaterThan(200);
    },
  );

  it("on a signed-in shopper's pages: the account, its forms, the checkout and an order", WALK, async () => {
    const { browser: shopper } = await signedIn("authenticated");
    const [slug] = await productSlugs("in_stock", 1);
    expect((await shopper.post("/cart/add", { slug: slug ?? "", quantity: "1" }, { from: null })).status).toBe(303);
    await shopper.get(at(prefix, "/cart/order"));
    const placed = await shopper.post(
      at(prefix, "/cart/order"),
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    expect(placed.status).toBe(303);
    const confirmation = placed.headers.get("location") ?? "";
    const number = matchRoute(splitLocalePath(confirmation).path)?.params.number ?? "";
    expect(number).not.toBe("");
    await shopper.post("/cart/add", { slug: slug ?? "", quantity: "1" }, { from: null });
    const starts = [
      confirmation,
      ...[
        "/user",
        "/user/edit",
        "/user/orders",
        `/user/orders/${number}`,
        "/user/password",
        "/favorites",
        "/cart",
        "/cart/order",
      ].map((p) => at(prefix, p)),
    ];
    const { seen } = await walk(shopper, starts, prefix);
    expect(seen).toContain("user-orders-number");
  });

  it("on the staff desk, signed in as staff", WALK, async () => {
    const { browser: staff } = await signedIn("staff");
    const { seen } = await walk(staff, ["/staff", at(prefix, "/")], prefix);
    for (const name of ["staff-orders", "staff-order", "staff-products", "staff-requests", "staff-outbox"] as const) {
      expect(seen, `no link to ${name} was found`).toContain(name);
    }
  });
});

describe("routePath", () => {
  it("builds each path from its row, parameters encoded as segments, the query and hash in order", () => {
    expect(routePath("index")).toBe("/");
    expect(routePath("catalog-category-slug", { category: "skincare", slug: "serum" })).toBe("/catalog/skincare/serum");
    expect(routePath("user-login", { query: { notice: "session-ended", redirect: "/user/edit" } })).toBe(
      "/user/login?notice=session-ended&redirect=%2Fuser%2Fedit",
    );
    expect(routePath("contacts", { query: { sent: "callback" }, hash: "callback" })).toBe(
      "/contacts?sent=callback#callback",
    );
    expect(routePath("reviews", { query: { page: undefined } })).toBe("/reviews");
    expect(routePath("cart-order-number", { number: "A-1" }, { locale: "ar", query: { paid: 1 } })).toBe(
      "/ar/cart/order/A-1?paid=1",
    );
    expect(routePath("staff", { locale: "ar" })).toBe("/staff");
    // @ts-expect-error a route's parameter cannot be left out
    expect(() => routePath("brands-slug")).not.toThrow();
    // @ts-expect-error nor a route named that does not exist
    expect(() => routePath("no-such-route")).toThrow();
  });

  it("matches a path to its row, a page before a target", () => {
    expect(matchRoute("/catalog/skincare")).toEqual({ name: "catalog-category", params: { category: "skincare" } });
    expect(matchRoute("/cart/order")?.name).toBe("cart-order");
    expect(matchRoute("/cart/order/UAE-1?paid=1")?.name).toBe("cart-order-number");
    expect(matchRoute("/staff/orders.csv")?.name).toBe("staff-orders-csv");
    expect(matchRoute("/no/such/page/here")).toBeNull();
  });
});

describe("the table and the app", () => {
  it("has a registered handler for every row a link may name", () => {
    const sample: Record<string, string> = { key: "0123456789abcdef0123456789abcdef", kind: "shop" };
    const handlers = app.routes
      .filter((r) => r.method !== "ALL" && !r.path.endsWith("*"))
      .map((r) => ({
        path: r.path,
        regex: new RegExp(
          `^${r.path
            .replace(/[.]/g, "\\.")
            .replace(/:[A-Za-z]+\{((?:[^{}]|\{[^{}]*\})+)\}/g, "($1)")
            .replace(/:[A-Za-z]+/g, "[^/]+")}$`,
        ),
      }));
    for (const { name, path } of linkTargets) {
      const concrete = path.replace(/:([A-Za-z]+)/g, (_, key: string) => sample[key] ?? "x");
      expect(
        handlers.some((h) => h.regex.test(concrete)),
        `${name} (${path}) has no handler`,
      ).toBe(true);
    }
  });
});
