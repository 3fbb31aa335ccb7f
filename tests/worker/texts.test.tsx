import { createExecutionContext, env } from "cloudflare:test";
import { Hono } from "hono";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import MobileMenu from "../../client/islands/mobile-menu";
import SearchSuggest from "../../client/islands/search-suggest";
import type { Locale } from "../../shared/constants";
import { counterLabel } from "../../shared/header-counter";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { fill, formatDate, formatNumber, plural } from "../../shared/i18n/format";
import { islandTexts, translator } from "../../shared/i18n/translator";
import { formatPrice } from "../../shared/money";
import type { ProductSummary } from "../../shared/types/catalog";
import { renderNotFound } from "../../worker/frame/document/not-found";
import { renderPage } from "../../worker/frame/document/render-page";
import { Breadcrumbs } from "../../worker/frame/ui/breadcrumbs";
import { RatingSummary, ReviewItem } from "../../worker/frame/ui/product-reviews";
import type { AppEnv } from "../../worker/platform/app-env";
import { securityHeaders } from "../../worker/platform/middleware/security-headers";
import { ContactCard } from "../../worker/shop/content/contact-card";
import { Pager } from "../../worker/shop/listing/pager";
import { ProductCard } from "../../worker/shop/products/product-card";

/** The text layer is tested by setting the request's locale as the locale middleware does for `/ar`. */
const ARABIC: Locale = "ar";

/**
 * Words in Latin letters a page may show in Arabic: brand and service names, file formats,
 * and the made-up content of these tests (CMS content is not the catalogue's: it is per locale
 * in the CMS, decision 0089).
 */
const ALLOWED = new Set([
  // The order number's prefix, in the order lookup's example ("NB-2612-7K3Q9P").
  "NB",
  "Instagram",
  "Facebook",
  "YouTube",
  "Telegram",
  "WhatsApp",
  "PNG",
  "JPG",
  "GIF",
  "PDF",
  "SKU",
]);

/** The language switch names English in English, as a language is named to those who read it. */
const LANGUAGE_NAMES = ["English"];

/**
 * Every run of Latin letters a person would read or hear in a page: text (not scripts or
 * styles) and the attributes that are read out or shown (aria-label, placeholder, title, alt,
 * and a meta description's content). Island props in `data-props` are data, not read.
 */
async function latinWordsIn(res: Response, allowed: ReadonlySet<string> = ALLOWED): Promise<string[]> {
  const found: string[] = [];
  const words = (text: string) => {
    for (const word of text.match(/[A-Za-z]{2,}/g) ?? [])
      if (!allowed.has(word) && !LANGUAGE_NAMES.includes(word)) found.push(word);
  };
  let hidden = 0;
  await new HTMLRewriter()
    .on("script, style", {
      element(el) {
        hidden++;
        el.onEndTag(() => {
          hidden--;
        });
      },
    })
    .on("*", {
      element(el) {
        for (const name of ["aria-label", "placeholder", "title", "alt"]) words(el.getAttribute(name) ?? "");
        if (el.tagName === "meta" && el.getAttribute("name") === "description") words(el.getAttribute("content") ?? "");
      },
      text(chunk) {
        if (hidden === 0) words(chunk.text);
      },
    })
    .transform(res)
    .text();
  return found;
}

function arabicApp(routes: (app: Hono<AppEnv>) => void, locale: Locale = ARABIC): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders);
  app.use(async (c, next) => {
    c.set("locale", locale);
    await next();
  });
  routes(app);
  return app;
}

const product: ProductSummary = {
  id: "1",
  slug: "velvet-lip",
  name: "Velvet Lip",
  sku: "VL-1",
  price: 129,
  oldPrice: 149,
  availability: "in_stock",
  year: null,
  volume: null,
  brand: { name: "Maison Noor", slug: "maison-noor" },
  line: null,
  category: { name: "Lips", slug: "lips" },
  images: [],
  variants: [
    {
      sku: "VL-1-R",
      name: "Rosewood",
      kind: "shade",
      swatch: "#9A5663",
      price: 129,
      oldPrice: null,
      availability: "in_stock",
      image: null,
    },
    {
      sku: "VL-1-N",
      name: "Nude",
      kind: "shade",
      swatch: "#C9A48E",
      price: 129,
      oldPrice: null,
      availability: "in_stock",
      image: null,
    },
    {
      sku: "VL-1-B",
      name: "Berry",
      kind: "shade",
      swatch: "#6B2D3A",
      price: 129,
      oldPrice: null,
      availability: "in_stock",
      image: null,
    },
  ],
};

/** The names this page's made-up content brings (a product, its brand and shades, a reviewer, contacts). */
const CONTENT = new Set([...ALLOWED, "Velvet", "Lip", "Maison", "Noor", "Rosewood", "Nude", "Berry", "Mariam", "Lips"]);

/** Every text path of a catalogue: "layout.counter", "site.tagline", … with its value. */
function leaves(node: unknown, path = ""): [string, unknown][] {
  if (typeof node === "string") return [[path, node]];
  if (node && typeof node === "object" && "other" in node) return [[path, node]];
  return Object.entries(node as object).flatMap(([key, value]) => leaves(value, path ? `${path}.${key}` : key));
}

function placeholders(text: unknown): string[] {
  const all = typeof text === "string" ? [text] : Object.values(text as object);
  return [...new Set(all.flatMap((t: string) => t.match(/\{\w+\}/g) ?? []))].filter((p) => p !== "{count}").sort();
}

describe("the text catalogue", () => {
  it("has every English text in Arabic, with the same placeholders", () => {
    const english = new Map(leaves(en));
    const arabic = new Map(leaves(ar));
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) expect([key, placeholders(arabic.get(key))]).toEqual([key, placeholders(text)]);
  });

  it("gives every Arabic plural each form Intl.PluralRules has for Arabic, and writes its texts in Arabic", () => {
    const categories = new Intl.PluralRules("ar").resolvedOptions().pluralCategories;
    expect(categories).toHaveLength(6);
    for (const [key, text] of leaves(ar)) {
      if (typeof text !== "string")
        expect([key, Object.keys(text as object).sort()]).toEqual([key, [...categories].sort()]);
      const words = (typeof text === "string" ? [text] : Object.values(text as object)).flatMap(
        // An example address ("name@example.com") is a format, written the same in every language.
        (t: string) =>
          t
            .replace(/\{\w+\}/g, "")
            .replace(/[\w.+-]+@[\w-]+\.[A-Za-z]{2,}/g, "")
            .match(/[A-Za-z]{2,}/g) ?? [],
      );
      expect([key, words.filter((w) => !ALLOWED.has(w))]).toEqual([key, []]);
    }
  });

  it("keeps the specification's English texts word for word", () => {
    expect(en.status.notFoundTitle).toBe("Oops... Page is not found");
    expect(en.status.errorTitle).toBe("Oops! Something went wrong");
    expect(en.status.goBackHome).toBe("Go Back Home");
    expect(en.forms.consent).toBe("By leaving a request, you agree to the privacy policy");
    expect(fill("en", en.visitorForms.consent, { privacyPolicy: en.visitorForms.privacyPolicy })).toBe(
      en.forms.consent,
    );
    expect(en.catalogFilter.chooseMakerFirst).toBe("Please, choose maker first");
    expect(en.checkout.delivery.pickup).toBe("Local Pickup");
    expect(fill("en", en.forms.uploadHint, { total: "5", units: "MB" })).toBe("PNG, JPG, GIF up to 5MB");
  });
});

describe("plurals, numbers, prices and dates", () => {
  it("chooses the Arabic plural form by Intl.PluralRules: zero, one, two, few, many, other", () => {
    const forms = ar.ui.reviewCount;
    expect(plural("ar", forms, 0)).toBe("لا توجد مراجعات");
    expect(plural("ar", forms, 1)).toBe("مراجعة واحدة");
    expect(plural("ar", forms, 2)).toBe("مراجعتان");
    expect(plural("ar", forms, 3)).toBe("3 مراجعات");
    expect(plural("ar", forms, 11)).toBe("11 مراجعة");
    expect(plural("ar", forms, 100)).toBe("100 مراجعة");
    expect(plural("en", en.ui.reviewCount, 1)).toBe("1 review");
    expect(plural("en", en.ui.reviewCount, 0)).toBe("0 reviews");
  });

  it("fills placeholders, writing numbers with the locale's digits and grouping", () => {
    expect(fill("en", en.product.added, { name: "Velvet Lip" })).toBe("Velvet Lip is in your bag.");
    expect(fill("ar", ar.product.fewLeft, { left: 3 })).toBe("بقي 3 فقط");
    expect(formatNumber("en", 12500)).toBe("12,500");
    expect(formatNumber("ar", 12500)).toBe("12,500");
  });

  it("writes prices as AED in English and د.إ. in Arabic", () => {
    expect(formatPrice("en", 12900)).toBe("AED 129.00");
    expect(formatPrice("ar", 12900)).toContain("د.إ.");
    expect(formatPrice("ar", 12900)).toContain("129.00");
    expect(formatPrice("ar", 12900)).not.toContain("AED");
  });

  it("writes dates in the shop's time zone, in English as before and in Arabic month names", () => {
    const date = new Date("2026-10-03T21:30:00Z"); // 4 October in Dubai
    expect(formatDate("en", date)).toBe("4 October 2026");
    expect(formatDate("ar", date)).toContain("أكتوبر");
    expect(formatDate("ar", date)).toContain("4");
  });

  it("names the header counters in the page's language", () => {
    const t = translator("ar");
    expect(counterLabel({ locale: "ar", name: t.m.layout.bag, forms: t.m.layout.counter }, 2)).toBe("الحقيبة، منتجان");
    const e = translator("en");
    expect(counterLabel({ locale: "en", name: e.m.layout.bag, forms: e.m.layout.counter }, 1)).toBe("Bag, 1 item");
  });
});

describe("pages in Arabic take every text from the catalogue", () => {
  it("renders the 404 page with no English left", async () => {
    const app = arabicApp((a) => a.get("*", (c) => renderNotFound(c)));
    const res = await app.request("/no-such-page", {}, env, createExecutionContext());
    expect(res.status).toBe(404);
    const html = await res.clone().text();
    expect(html).toContain(ar.status.notFoundTitle);
    expect(html).toContain(ar.site.skipToContent);
    expect(await latinWordsIn(res, new Set([...ALLOWED, "ar", "no", "such", "page"]))).toEqual([]);
  });

  it("renders the frame's shared views (product card, ratings, reviews, pager, breadcrumbs, contacts) with no English left", async () => {
    const app = arabicApp((a) =>
      a.get("/views", (c) =>
        renderPage(c, {
          title: translator("ar").m.site.home,
          body: (
            <>
              <Breadcrumbs
                items={[
                  { name: "Lips", path: "/catalog/lips" },
                  { name: "Velvet Lip", path: "/catalog/lips/velvet-lip" },
                ]}
              />
              <ProductCard
                product={product}
                stock={{ availability: "in_stock", left: 2 }}
                favourite={false}
                rating={{ count: 3, average: 4.5 }}
              />
              <ProductCard
                product={{ ...product, slug: "velvet-lip-2", variants: [] }}
                stock={{ availability: "prepurchase", left: null }}
                favourite
              />
              <RatingSummary summary={{ count: 0, average: null }} />
              <ul>
                <ReviewItem
                  review={{
                    id: 1,
                    authorName: "Mariam",
                    rating: 5,
                    text: "ممتاز",
                    createdAt: "2026-10-03T10:00:00Z",
                    status: "pending",
                  }}
                />
              </ul>
              <Pager base="/catalog/lips" page={2} pageCount={3} />
              <ContactCard
                contacts={{
                  company: "Noor",
                  email: "care@noor.example",
                  phone: "+971 4 000 0000",
                  phoneSecondary: null,
                  instagram: "https://instagram.com/noor",
                  facebook: null,
                  youtube: null,
                  telegram: null,
                  whatsapp: "https://wa.me/97140000000",
                  logotype: null,
                  icon: null,
                  receiver: null,
                  vk: null,
                }}
              />
            </>
          ),
        }),
      ),
    );
    const res = await app.request("/views", {}, env, createExecutionContext());
    expect(res.status).toBe(200);
    const html = await res.clone().text();
    expect(html).toContain("3 درجات");
    expect(html).toContain(ar.product.chooseShade);
    expect(html).toContain(ar.ui.pendingReview);
    // Only the e-mail address's letters (content) are left, and the allowed names.
    const left = await latinWordsIn(res, new Set([...CONTENT, "care", "noor", "example"]));
    expect(left).toEqual([]);
  });

  it("renders the same views in English exactly as before", async () => {
    const app = arabicApp(
      (a) =>
        a.get("/views", (c) =>
          renderPage(c, {
            title: "Views",
            body: (
              <>
                <RatingSummary summary={{ count: 3, average: 4.5 }} />
                <Pager base="/blog" page={2} pageCount={3} />
              </>
            ),
          }),
        ),
      "en",
    );
    const html = await (await app.request("/views", {}, env, createExecutionContext())).text();
    expect(html).toContain('aria-label="Rated 4.5 out of 5 from 3 reviews"');
    expect(html).toContain("4.5 · 3 reviews");
    expect(html).toContain('<span class="visually-hidden">Previous page</span>');
    expect(html).toContain('<nav class="pagination" aria-label="Pages">');
  });

  it("hydrates islands with the texts they were rendered with: their own section, in the page's language", () => {
    const t = translator("ar");
    const menu = renderToString(<MobileMenu menu={[]} phone={null} {...islandTexts(t, "mobileMenu")} />);
    const search = renderToString(<SearchSuggest query="" {...islandTexts(t, "searchSuggest")} />);
    for (const html of [menu, search]) {
      const text = html
        .replace(/<[^>]*?(?:aria-label|placeholder|title|alt)="([^"]*)"[^>]*>/g, " $1 ")
        .replace(/<[^>]+>/g, " ");
      expect(text.match(/[A-Za-z]{2,}/g) ?? []).toEqual([]);
    }
    expect(menu).toContain(ar.mobileMenu.closeMenu);
    expect(search).toContain(`placeholder="${ar.searchSuggest.placeholder}"`);
    // An English page's island carries no Arabic.
    const english = JSON.stringify(islandTexts(translator("en"), "searchSuggest"));
    expect(english).not.toMatch(/[\u0600-\u06FF]/);
  });
});
