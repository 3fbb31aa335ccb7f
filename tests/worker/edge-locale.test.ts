import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { detectLocale } from "../../worker/platform/middleware/locale";
import { fetchWorker } from "./fetch";

function localeCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${LOCALE_COOKIE}=`));
}

describe("locale", () => {
  it("remembers the detected locale for 365 days on the first visit to the root path", async () => {
    const res = await fetchWorker("/", { headers: { "Accept-Language": "en-AE,en;q=0.9,ar;q=0.8" } });
    expect(res.status).toBe(200);
    const cookie = localeCookie(res) ?? "";
    expect(cookie).toMatch(new RegExp(`^${LOCALE_COOKIE}=en;`));
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("falls back to English for a browser that prefers a language the shop does not have", async () => {
    const res = await fetchWorker("/", { headers: { "Accept-Language": "ar-AE,fr;q=0.5" } });
    expect(res.status).toBe(200);
    expect(localeCookie(res)).toMatch(new RegExp(`^${LOCALE_COOKIE}=en;`));
  });

  it("stays on the same path: with one locale there is no prefix to redirect to", async () => {
    const res = await fetchWorker("/", { headers: { "Accept-Language": "en-GB" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
  });

  it("detects only on the root path", async () => {
    const res = await fetchWorker("/company", { headers: { "Accept-Language": "en" } });
    expect(localeCookie(res)).toBeUndefined();
  });

  it("does not set the cookie again when a valid one is present", async () => {
    const res = await fetchWorker("/", { headers: { Cookie: `${LOCALE_COOKIE}=en`, "Accept-Language": "en" } });
    expect(localeCookie(res)).toBeUndefined();
  });

  it("replaces a cookie naming a locale the shop does not have", async () => {
    const res = await fetchWorker("/", { headers: { Cookie: `${LOCALE_COOKIE}=fr` } });
    expect(localeCookie(res)).toMatch(new RegExp(`^${LOCALE_COOKIE}=en;`));
  });

  it("ranks Accept-Language tags by q-value and matches a regional tag by its language", () => {
    expect(detectLocale("fr;q=0.9, en-US;q=0.95")).toBe("en");
    expect(detectLocale("de")).toBe("en");
    expect(detectLocale(undefined)).toBe("en");
    expect(detectLocale("en;q=0, *")).toBe("en");
  });
});
