import { describe, expect, it } from "vitest";
import { FLASH_COOKIE, LOCALE_COOKIE, TOKEN_COOKIE, VISITOR_COOKIE } from "../../shared/cookie-names";
import { fetchWorker } from "./fetch";
import { keptPage } from "./support/page-shells";

const ANON = { Cookie: `${LOCALE_COOKIE}=en` };

describe("per-page caching", () => {
  it("gives a page that is the same for everyone a strong ETag and public, revalidating Cache-Control", async () => {
    const res = await keptPage("/company", ANON);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.get("cdn-cache-control")).toMatch(/max-age=\d+, stale-while-revalidate=\d+/);
    expect(res.headers.get("vary")).toContain("Cookie");
  });

  it("serves byte-identical pages with the same ETag and a CSP nonce that matches the body", async () => {
    const first = await keptPage("/company", ANON);
    const second = await fetchWorker("/company", { headers: ANON });
    expect(first.headers.get("etag")).toBe(second.headers.get("etag"));
    const [a, b] = [await first.text(), await second.text()];
    expect(a).toBe(b);
    const nonce = first.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(a).toContain(`nonce="${nonce}"`);
  });

  it("gives different pages different ETags and nonces", async () => {
    const company = await keptPage("/company", ANON);
    const delivery = await keptPage("/contacts", ANON);
    expect(company.headers.get("etag")).not.toBe(delivery.headers.get("etag"));
    expect(company.headers.get("content-security-policy")).not.toBe(delivery.headers.get("content-security-policy"));
  });

  it("answers 304 with no body when If-None-Match matches, keeping the CSP of the cached copy", async () => {
    const first = await keptPage("/company", ANON);
    const etag = first.headers.get("etag") ?? "";
    const res = await fetchWorker("/company", { headers: { ...ANON, "If-None-Match": `W/"other", ${etag}` } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("etag")).toBe(etag);
    expect(res.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
  });

  it("answers 200 with the page when If-None-Match is stale", async () => {
    const res = await fetchWorker("/company", { headers: { ...ANON, "If-None-Match": '"stale"' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<!DOCTYPE html>");
  });

  it.each(["/cart", "/user/password", "/favorites", "/user/login"])(
    "never caches the personal page %s publicly",
    async (path) => {
      const res = await fetchWorker(path, { headers: ANON });
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("etag")).toBeNull();
    },
  );

  it.each([`${TOKEN_COOKIE}=token`, `${VISITOR_COOKIE}=v.sig`, `${FLASH_COOKIE}=x`])(
    "never caches a page publicly for a shopper with a cookie of their own (%s), but lets back/forward keep it",
    async (cookie) => {
      await keptPage("/company", ANON);
      const res = await fetchWorker("/company", { headers: { Cookie: `${LOCALE_COOKIE}=en; ${cookie}` } });
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      expect(res.headers.get("etag")).toBeNull();
      expect(res.headers.get("cdn-cache-control")).toBeNull();
    },
  );

  it("leaves a flash message for the page the shopper sees when a prefetch carries its cookie", async () => {
    const flash = `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify({ kind: "success", text: "Saved for you." }))}`;
    const headers = { Cookie: `${LOCALE_COOKIE}=en; ${flash}` };
    const prefetched = await fetchWorker("/catalog/skincare", { headers: { ...headers, "Sec-Purpose": "prefetch" } });
    expect(await prefetched.text()).not.toContain("Saved for you.");
    expect(prefetched.headers.getSetCookie().some((cookie) => cookie.startsWith(`${FLASH_COOKIE}=`))).toBe(false);
    const shown = await fetchWorker("/catalog/skincare", { headers });
    expect(await shown.text()).toContain("Saved for you.");
    expect(shown.headers.getSetCookie().some((cookie) => cookie.startsWith(`${FLASH_COOKIE}=;`))).toBe(true);
  });

  it("keeps the first visit to the home page private because it sets the locale cookie", async () => {
    const res = await fetchWorker("/");
    expect(res.headers.get("cache-control")).toMatch(/^private, no-(cache|store)$/);
    expect(res.headers.get("cdn-cache-control")).toBeNull();
  });

  it("does not make a not-found page public", async () => {
    const res = await fetchWorker("/no-such-page", { headers: ANON });
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).not.toContain("public");
  });
});
