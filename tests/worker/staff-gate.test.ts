import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { staffRoutes } from "../../worker/screens/staff/staff-routes";
import { Browser } from "./support/browser-session";
import { signedIn } from "./support/staff-session";

/**
 * Every route of the staff desk, read from its router, so a route added later is covered without
 * a line here: a visitor is sent to sign in, a shopper refused with a 403, and neither changes
 * anything (no audit row, no order, request, review, rule or e-mail touched).
 */
const SAMPLE: Record<string, string> = {
  number: "NB-2611-AAAAAA",
  publicId: "00000000-0000-4000-8000-000000000000",
  ref: "1",
  id: "1",
  file: "photo.jpg",
};

const ROUTES = staffRoutes.routes
  .filter((route) => route.method === "GET" || route.method === "POST")
  .map((route) => ({
    method: route.method as "GET" | "POST",
    path: `/staff${route.path === "/" ? "" : route.path}`.replace(/:(\w+)/g, (_, name: string) => SAMPLE[name] ?? "1"),
  }));

async function auditRows(): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit").first<{ n: number }>())?.n ?? 0;
}

function send(browser: Browser, route: (typeof ROUTES)[number]): Promise<Response> {
  return route.method === "GET"
    ? browser.get(route.path)
    : browser.post(route.path, { action: "confirm", version: "1", from: "pending" }, { from: null });
}

describe("every staff route", () => {
  it("covers the desk's pages and actions", () => {
    const paths = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(paths).toContain("GET /staff");
    expect(paths.filter((path) => path.startsWith("POST")).length).toBeGreaterThanOrEqual(7);
  });

  it("sends a visitor to sign in and changes nothing", async () => {
    const before = await auditRows();
    for (const route of ROUTES) {
      const res = await send(new Browser(), route);
      expect(res.status, `${route.method} ${route.path}`).toBe(route.method === "GET" ? 302 : 303);
      expect(res.headers.get("location"), route.path).toMatch(/^\/user\/login\?redirect=/);
    }
    expect(await auditRows()).toBe(before);
  });

  describe("refuses a signed-in shopper with a 403 and changes nothing", () => {
    // One route a test: the sign-in (a PBKDF2 hash) is done once, and no test waits on thirty requests.
    let shopper: Browser;
    beforeAll(async () => {
      shopper = (await signedIn("authenticated")).browser;
    });

    it.each(ROUTES)("$method $path", async (route) => {
      const before = await auditRows();
      const res = await send(shopper, route);
      expect(res.status).toBe(403);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.text()).toContain("This page is for the shop&#x27;s staff");
      expect(await auditRows()).toBe(before);
    });
  });
});
