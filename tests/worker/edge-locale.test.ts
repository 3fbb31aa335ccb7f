import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE_MAX_AGE } from "../../shared/constants";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { detectLocale } from "../../worker/platform/middleware/locale";
import { fetchWorker } from "./fetch";
import { register, sessionCookieHeader } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

function localeCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${LOCALE_COOKIE}=`));
}

const ARABIC_BROWSER = { "Accept-Language": "ar-AE,ar;q=0.9,en;q=0.8" };

describe("browser-language detection, on the root path only", () => {
  it("sends a visitor whose browser prefers Arabic from / to /ar and remembers it for 365 days", async () => {
    const res = await fetchWorker("/?utm_source=flyer", { headers: ARABIC_BROWSER });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/ar?utm_source=flyer");
    expect(res.headers.get("cache-control")).toContain("private");
    const cookie = localeCookie(res) ?? "";
    expect(cookie).toMatch(new RegExp(`^${LOCALE_COOKIE}=ar;`));
    expect(LOCALE_COOKIE_MAX_AGE).toBe(365 * 24 * 60 * 60);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    const arabic = await fetchWorker("/ar", { headers: { ...ARABIC_BROWSER, Cookie: `${LOCALE_COOKIE}=ar` } });
    expect(arabic.status).toBe(200);
    expect(localeCookie(arabic)).toBeUndefined();
  });

  it("keeps a visitor whose browser prefers English on / and remembers English", async () => {
    const res = await fetchWorker("/", { headers: { "Accept-Language": "en-AE,en;q=0.9,ar;q=0.8" } });
    expect(res.status).toBe(200);
    expect(localeCookie(res)).toMatch(new RegExp(`^${LOCALE_COOKIE}=en;.*Max-Age=31536000`));
  });

  it("falls back to English for a browser that prefers a language the shop does not have", async () => {
    const res = await fetchWorker("/", { headers: { "Accept-Language": "fr-FR,de;q=0.5" } });
    expect(res.status).toBe(200);
    expect(localeCookie(res)).toMatch(new RegExp(`^${LOCALE_COOKIE}=en;`));
  });

  it("does not detect elsewhere: an Arabic browser on /catalog gets the English page, and no cookie", async () => {
    for (const path of ["/catalog", "/company"]) {
      const res = await fetchWorker(path, { headers: ARABIC_BROWSER });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<html lang="en" dir="ltr"');
      expect(localeCookie(res), path).toBeUndefined();
    }
  });

  it("does not detect again once the cookie holds a locale: the path decides", async () => {
    const res = await fetchWorker("/", { headers: { ...ARABIC_BROWSER, Cookie: `${LOCALE_COOKIE}=en` } });
    expect(res.status).toBe(200);
    expect(localeCookie(res)).toBeUndefined();
  });

  it("detects again when the cookie names a locale the shop does not have", async () => {
    const res = await fetchWorker("/", { headers: { ...ARABIC_BROWSER, Cookie: `${LOCALE_COOKIE}=fr` } });
    expect(res.status).toBe(302);
    expect(localeCookie(res)).toMatch(new RegExp(`^${LOCALE_COOKIE}=ar;`));
  });

  it("ranks Accept-Language tags by q-value and matches a regional tag by its language", () => {
    expect(detectLocale("fr;q=0.9, en-US;q=0.95")).toBe("en");
    expect(detectLocale("en;q=0.5, ar-AE;q=0.8")).toBe("ar");
    expect(detectLocale("ar-SA")).toBe("ar");
    expect(detectLocale("de")).toBe("en");
    expect(detectLocale(undefined)).toBe("en");
    expect(detectLocale("ar;q=0, *")).toBe("en");
  });
});

describe("the language switch", () => {
  function switchLink(html: string): string {
    const link = /<a [^>]*data-language-switch[^>]*>[^<]*<\/a>/.exec(html)?.[0];
    if (!link) throw new Error("No language switch on the page");
    return link;
  }

  it("links each page to itself in the other language, query kept, labelled in that language", async () => {
    const [slug] = await productSlugs("in_stock", 1);
    const product = await env.DB.prepare(
      "SELECT c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id WHERE p.slug = ?1",
    )
      .bind(slug)
      .first<{ category: string }>();
    const cases = [
      { from: "/", to: "/ar", lang: "ar", name: "العربية" },
      { from: "/ar", to: "/", lang: "en", name: "English" },
      { from: "/blog?page=1", to: "/ar/blog", lang: "ar", name: "العربية" },
      { from: "/search?q=serum", to: "/ar/search?q=serum", lang: "ar", name: "العربية" },
      { from: "/ar/search?q=serum", to: "/search?q=serum", lang: "en", name: "English" },
      {
        from: "/catalog/skincare?sort=price-asc",
        to: "/ar/catalog/skincare?sort=price-asc",
        lang: "ar",
        name: "العربية",
      },
      { from: "/ar/cart?from=menu", to: "/cart?from=menu", lang: "en", name: "English" },
      {
        from: `/catalog/${product?.category}/${slug}`,
        to: `/ar/catalog/${product?.category}/${slug}`,
        lang: "ar",
        name: "العربية",
      },
    ];
    const pages = await Promise.all(
      cases.map(async ({ from, lang }) => {
        const res = await fetchWorker(from, { headers: { Cookie: `${LOCALE_COOKIE}=${lang === "ar" ? "en" : "ar"}` } });
        return { status: res.status, html: await res.text() };
      }),
    );
    cases.forEach(({ from, to, lang, name }, i) => {
      const { status, html } = pages[i] as { status: number; html: string };
      expect(status, from).toBe(200);
      const link = switchLink(html);
      expect(link, from).toContain(`href="${to.replace(/&/g, "&amp;")}"`);
      expect(link, from).toContain(`hrefLang="${lang}"`);
      expect(link, from).toContain(`lang="${lang}"`);
      expect(link, from).toContain(`>${name}</a>`);
    });
  }, 60_000);

  it("carries only the query a kept page reads, in its one spelling, whoever asked for it first", async () => {
    const first = await fetchWorker("/catalog/skincare?utm_source=first&sort=price-asc", {
      headers: { Cookie: `${LOCALE_COOKIE}=en` },
    });
    expect(switchLink(await first.text())).toContain('href="/ar/catalog/skincare?sort=price-asc"');
    const second = await fetchWorker("/catalog/skincare?sort=price-asc&utm_source=second", {
      headers: { Cookie: `${LOCALE_COOKIE}=en` },
    });
    expect(switchLink(await second.text())).toContain('href="/ar/catalog/skincare?sort=price-asc"');
  });

  it("sets the cookie to the page's language when following it, and not again after", async () => {
    const shopper = new Browser();
    expect((await shopper.get("/", { "Accept-Language": "en" })).status).toBe(200);
    expect(shopper.cookies.get(LOCALE_COOKIE)).toBe("en");
    const arabic = await shopper.get("/ar/catalog");
    expect(localeCookie(arabic)).toMatch(new RegExp(`^${LOCALE_COOKIE}=ar;.*Max-Age=31536000`));
    expect(shopper.cookies.get(LOCALE_COOKIE)).toBe("ar");
    expect(localeCookie(await shopper.get("/ar/company"))).toBeUndefined();
    const back = await shopper.get("/catalog");
    expect(localeCookie(back)).toMatch(new RegExp(`^${LOCALE_COOKIE}=en;`));
    // Home in English stays English: the cookie is valid, so nothing is detected.
    const home = await shopper.get("/", ARABIC_BROWSER);
    expect(home.status).toBe(200);
  });

  it("is not on the staff desk's pages, which are English only; the desk shows each order's language", async () => {
    const shopper = new Browser();
    await shopper.get("/ar/catalog/skincare");
    const [slug] = await productSlugs("in_stock", 1);
    await shopper.post("/ar/cart/add", { slug: slug as string, quantity: "1" }, { from: null });
    const placed = await shopper.post(
      "/ar/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    const number = placed.headers.get("location")?.split("/").at(-1);
    const { browser } = await signedIn("staff");
    const page = await browser.get(`/staff/orders/${number}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("data-language-switch");
    expect(html).toMatch(/<dt>Language<\/dt><dd>Arabic<\/dd>/);
    const list = await (await browser.get(`/staff/orders?q=${number}`)).text();
    // React separates the phone and the language with a comment.
    expect(list).toMatch(/ · (<!-- -->)?Arabic<\/span>/);
  }, 60_000);
});

describe("the shopper's language on orders and accounts", () => {
  it("records an order placed from an Arabic page as Arabic, and its redirects stay in Arabic", async () => {
    const shopper = new Browser();
    await shopper.get("/ar/catalog/skincare");
    const [slug] = await productSlugs("in_stock", 1);
    const added = await shopper.post("/ar/cart/add", { slug: slug as string, quantity: "1" }, { from: null });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")?.startsWith("/ar/")).toBe(true);
    const placed = await shopper.post(
      "/ar/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: "/ar/cart/order" },
    );
    expect(placed.status).toBe(303);
    const location = placed.headers.get("location") ?? "";
    expect(location).toMatch(/^\/ar\/cart\/order\/NB-/);
    const number = location.split("/").at(-1);
    const row = await env.DB.prepare("SELECT locale FROM orders WHERE number = ?1")
      .bind(number)
      .first<{ locale: string }>();
    expect(row?.locale).toBe("ar");
    const confirmation = await shopper.get(location);
    expect(confirmation.status).toBe(200);
    expect(await confirmation.text()).toContain('<html lang="ar" dir="rtl"');
  }, 60_000);

  it("records an order placed from an English page as English", async () => {
    const shopper = new Browser();
    await shopper.get("/catalog/skincare");
    const [slug] = await productSlugs("in_stock", 1);
    await shopper.post("/cart/add", { slug: slug as string, quantity: "1" }, { from: null });
    const placed = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    expect(placed.status).toBe(303);
    const number = placed.headers.get("location")?.split("/").at(-1);
    const row = await env.DB.prepare("SELECT locale FROM orders WHERE number = ?1")
      .bind(number)
      .first<{ locale: string }>();
    expect(row?.locale).toBe("en");
  }, 60_000);

  it("remembers the language an account signs in from, and sends it back to an Arabic page", async () => {
    const account = await register();
    const shopper = new Browser();
    const res = await shopper.post(
      "/ar/user/login",
      { identifier: account.email, password: account.password },
      { from: "/ar/user/login" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ar/user");
    const row = await env.DB.prepare("SELECT locale FROM account_locales WHERE user_id = ?1")
      .bind(account.id)
      .first<{ locale: string }>();
    expect(row?.locale).toBe("ar");
  });

  it("remembers a signed-in shopper's language when they switch to Arabic", async () => {
    const account = await register();
    const cookie = await sessionCookieHeader(account);
    const res = await fetchWorker("/ar/catalog", { headers: { Cookie: `${cookie}; ${LOCALE_COOKIE}=en` } });
    expect(res.status).toBe(200);
    await res.text();
    // Written after the answer (waitUntil): give it its turn.
    let row: { locale: string } | null = null;
    for (let i = 0; i < 20 && row === null; i++) {
      row = await env.DB.prepare("SELECT locale FROM account_locales WHERE user_id = ?1")
        .bind(account.id)
        .first<{ locale: string }>();
      if (row === null) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(row?.locale).toBe("ar");
  });
});

describe("the layout in the path's language", () => {
  it("reads the footer menu, main menu and contacts of the page's locale from their per-locale KV keys", async () => {
    // An English page first, so the English records are in KV; then Arabic ones of our own beside them.
    await (await fetchWorker("/cart", { headers: { Cookie: `${LOCALE_COOKIE}=en` } })).text();
    const stored = async (model: string) => {
      for (let i = 0; i < 40; i++) {
        const entry = await env.CMS_CACHE.get<{ storedAt: number; value: Record<string, unknown> }>(
          `cms:v1:${model}:en`,
          "json",
        );
        if (entry) return entry;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`No English ${model} in KV`);
    };
    const [footer, menu, contact] = [await stored("footer-menu"), await stored("menu"), await stored("contact")];
    const items = menu.value.menu as { title: string }[];
    const put = (model: string, value: unknown) =>
      env.CMS_CACHE.put(`cms:v1:${model}:ar`, JSON.stringify({ storedAt: Date.now(), value }));
    await put("footer-menu", { ...footer.value, slogan: "شعار الذيل للاختبار" });
    await put("contact", { ...contact.value, company: "نور للتجميل" });
    await put("menu", { ...menu.value, menu: items.map((item, i) => (i === 0 ? { ...item, title: "المتجر" } : item)) });
    try {
      const arabic = await (await fetchWorker("/ar/cart", { headers: { Cookie: `${LOCALE_COOKIE}=ar` } })).text();
      expect(arabic).toContain("شعار الذيل للاختبار");
      expect(arabic).toContain("نور للتجميل");
      expect(arabic).toContain("المتجر");
      const english = await (await fetchWorker("/cart", { headers: { Cookie: `${LOCALE_COOKIE}=en` } })).text();
      expect(english).not.toContain("شعار الذيل للاختبار");
      expect(english).not.toContain("المتجر");
      expect(english).toContain(String(contact.value.company));
    } finally {
      await env.CMS_CACHE.delete("cms:v1:footer-menu:ar");
      await env.CMS_CACHE.delete("cms:v1:contact:ar");
      await env.CMS_CACHE.delete("cms:v1:menu:ar");
    }
  });
});
