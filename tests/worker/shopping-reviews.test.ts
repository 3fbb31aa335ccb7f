import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkForm } from "../../shared/forms/form-result";
import { productReviewSchemas } from "../../shared/forms/product-review";
import { translator } from "../../shared/i18n/translator";
import { bumpContentVersion } from "../../worker/platform/caches/versions";
import { initialReviewStatus } from "../../worker/screens/product/product-review-routes";
import { openSessionFor, register, uniqueIp } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { freshView } from "./support/page-shells";
import { startOfRateWindow } from "./support/rate-window";

/** A product of the seed with no reviews of its own, one per test (ids 1–20 carry the sample reviews). */
let next = 30;
async function freshProduct(): Promise<{ id: number; slug: string; path: string }> {
  const id = next++;
  const row = await env.DB.prepare(
    "SELECT p.slug AS slug, c.slug AS category FROM cms_products p LEFT JOIN cms_categories c ON c.id = p.category_id WHERE p.id = ?1 AND p.locale = 'en'",
  )
    .bind(id)
    .first<{ slug: string; category: string }>();
  if (!row) throw new Error(`no product ${id}`);
  return { id, slug: row.slug, path: `/catalog/${row.category}/${row.slug}` };
}

/** Moderation as the README tells an operator: approve, then move the content version on so pages show it at once. */
async function approveAll(productId: number): Promise<void> {
  await env.DB.prepare("UPDATE product_reviews SET status = 'approved' WHERE product_id = ?1").bind(productId).run();
  await bumpContentVersion(env.CMS_CACHE);
}

function jsonLdProduct(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
  const flat = blocks.flatMap((b) => (Array.isArray(b) ? b : b["@graph"] ? b["@graph"] : [b]));
  // A product with shades or sizes is a ProductGroup; its rating is the group's.
  const product = flat.find((b: { "@type"?: string }) => b["@type"] === "Product" || b["@type"] === "ProductGroup");
  if (!product) throw new Error("no Product or ProductGroup JSON-LD");
  return product;
}

const { guest: guestReviewSchema, signedIn: signedInReviewSchema } = productReviewSchemas(
  translator("en").m.productReviewForm,
);
const guest = { name: "Mariam", email: "mariam@example.ae" };

describe("product review validation", () => {
  it("asks guests for a rating from 1 to 5, a text of at least 10 characters, a name and an e-mail", () => {
    const result = checkForm(guestReviewSchema, { rating: "", text: "short", name: "", email: "nope" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.rating).toBe("Please choose a rating from 1 to 5 stars.");
    expect(result.errors.text).toBe("Please write at least 10 characters.");
    expect(result.errors.name).toMatch(/your name/);
    expect(result.errors.email).toMatch(/name@example.com/);
  });

  it("refuses ratings outside 1–5 and fractions, and overlong texts", () => {
    for (const rating of ["0", "6", "4.5", "abc", "-1"]) {
      const result = checkForm(guestReviewSchema, { rating, text: "A good cream overall.", ...guest });
      expect(result.ok, rating).toBe(false);
    }
    const long = checkForm(guestReviewSchema, { rating: "5", text: "a".repeat(2001), ...guest });
    expect(long.ok).toBe(false);
  });

  it("does not ask a signed-in shopper for name and e-mail", () => {
    expect(checkForm(signedInReviewSchema, { rating: "4", text: "Soft and light on the skin." }).ok).toBe(true);
  });

  it('starts new reviews pending unless AUTO_APPROVE_REVIEWS is "true"', () => {
    expect(initialReviewStatus({ AUTO_APPROVE_REVIEWS: "false" })).toBe("pending");
    expect(initialReviewStatus({ AUTO_APPROVE_REVIEWS: "" })).toBe("pending");
    expect(initialReviewStatus({ AUTO_APPROVE_REVIEWS: "true" })).toBe("approved");
  });
});

describe("product reviews on the product page", () => {
  it("shows the seed's approved reviews with the average, the count and AggregateRating in the JSON-LD", async () => {
    const shopper = new Browser();
    const row = await env.DB.prepare(
      "SELECT COUNT(*) AS n, AVG(rating) AS avg FROM product_reviews WHERE product_id = 1 AND status = 'approved'",
    ).first<{ n: number; avg: number }>();
    const slug = (await env.DB.prepare("SELECT slug FROM cms_products WHERE id = 1").first<{ slug: string }>())!.slug;
    const res = await shopper.get(`/catalog/skincare/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="reviews"');
    expect(html).toContain(`${row!.n} reviews`);
    const product = jsonLdProduct(html);
    expect(product.aggregateRating).toMatchObject({
      "@type": "AggregateRating",
      reviewCount: row!.n,
      ratingValue: (Math.round(row!.avg * 10) / 10).toFixed(1),
    });
  });

  it("has no AggregateRating for a product nobody reviewed", async () => {
    const product = await freshProduct();
    const html = await (await new Browser().get(product.path)).text();
    expect(jsonLdProduct(html).aggregateRating).toBeUndefined();
    expect(html).toContain("No reviews yet");
  });

  it("keeps a guest's review pending: only its author sees it, marked, until it is approved", async () => {
    const product = await freshProduct();
    const author = new Browser();
    await author.get(product.path);
    const res = await author.post(
      `/product-reviews/${product.slug}`,
      { rating: "4", text: "Pending review text, lovely scent.", ...guest },
      { from: null, headers: { "cf-connecting-ip": uniqueIp() } },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${product.path}#reviews`);
    const stored = await env.DB.prepare(
      "SELECT status, owner_kind, author_name, author_email, rating FROM product_reviews WHERE product_id = ?1",
    )
      .bind(product.id)
      .first();
    expect(stored).toMatchObject({ status: "pending", owner_kind: "visitor", author_name: "Mariam", rating: 4 });

    const own = await (await author.get(product.path)).text();
    expect(own).toContain("Pending review text, lovely scent.");
    expect(own).toContain("Only you can see this review");
    expect(own).toContain("will appear once we have checked it");
    expect(jsonLdProduct(own).aggregateRating).toBeUndefined();

    const other = await (await new Browser().get(product.path)).text();
    expect(other).not.toContain("Pending review text, lovely scent.");

    await approveAll(product.id);
    const after = await (await freshView(() => new Browser().get(product.path))).text();
    expect(after).toContain("Pending review text, lovely scent.");
    expect(after).toContain("1 review");
    expect(jsonLdProduct(after).aggregateRating).toMatchObject({ reviewCount: 1, ratingValue: "4.0" });
  });

  it("averages approved ratings only", async () => {
    const product = await freshProduct();
    for (const [rating, status] of [
      [5, "approved"],
      [4, "approved"],
      [4, "approved"],
      [1, "pending"],
      [1, "rejected"],
    ] as const) {
      await env.DB.prepare(
        "INSERT INTO product_reviews (product_id, owner_kind, owner_id, author_name, author_email, rating, body, status) VALUES (?1, 'seed', 'seed', 'T', 't@example.com', ?2, 'Some review text', ?3)",
      )
        .bind(product.id, rating, status)
        .run();
    }
    const html = await (await new Browser().get(product.path)).text();
    expect(html).toContain("4.3 · 3 reviews");
    expect(jsonLdProduct(html).aggregateRating).toMatchObject({ reviewCount: 3, ratingValue: "4.3" });
  });

  it("answers a bad review with 422 and the messages beside the fields, keeping what was typed", async () => {
    const product = await freshProduct();
    const shopper = new Browser();
    await shopper.get(product.path);
    const res = await shopper.post(
      `/product-reviews/${product.slug}`,
      { rating: "9", text: "meh", name: "Layla", email: "layla" },
      { from: null, headers: { "cf-connecting-ip": uniqueIp() } },
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain('id="field-rating-error"');
    expect(html).toContain("A rating is a whole number of stars from 1 to 5.");
    expect(html).toMatch(/id="field-text"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-text"/);
    expect(html).toContain('id="field-text-error"');
    expect(html).toContain('id="field-email-error"');
    expect(html).toContain('value="Layla"');
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM product_reviews WHERE product_id = ?1")
      .bind(product.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("stores the text as typed and always renders it escaped", async () => {
    const product = await freshProduct();
    const shopper = new Browser();
    await shopper.get(product.path);
    const text = `<script>alert("x")</script> & <img src=x onerror=alert(1)> great`;
    const res = await shopper.post(
      `/product-reviews/${product.slug}`,
      { rating: "5", text, name: "<b>Eve</b>", email: "eve@example.com" },
      { from: null, headers: { "cf-connecting-ip": uniqueIp() } },
    );
    expect(res.status).toBe(303);
    const stored = await env.DB.prepare("SELECT body, author_name FROM product_reviews WHERE product_id = ?1")
      .bind(product.id)
      .first<{ body: string; author_name: string }>();
    expect(stored).toEqual({ body: text, author_name: "<b>Eve</b>" });
    await approveAll(product.id);
    const html = await (await freshView(() => new Browser().get(product.path))).text();
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>Eve</b>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
  });

  it("takes a signed-in shopper's name and e-mail from the account, once per product", async () => {
    const product = await freshProduct();
    const account = await register();
    const shopper = new Browser();
    for (const [name, value] of Object.entries(await openSessionFor(account))) shopper.cookies.set(name, value);
    await shopper.get(product.path);
    const ip = uniqueIp();
    const first = await shopper.post(
      `/product-reviews/${product.slug}`,
      { rating: "5", text: "From my account, very good.", name: "Someone Else", email: "x@example.com" },
      { from: null, headers: { "cf-connecting-ip": ip } },
    );
    expect(first.status).toBe(303);
    const stored = await env.DB.prepare(
      "SELECT owner_kind, owner_id, author_name, author_email FROM product_reviews WHERE product_id = ?1",
    )
      .bind(product.id)
      .first();
    expect(stored).toEqual({
      owner_kind: "user",
      owner_id: String(account.id),
      author_name: account.username,
      author_email: account.email,
    });
    const again = await shopper.post(
      `/product-reviews/${product.slug}`,
      { rating: "1", text: "A second opinion of mine." },
      { from: null, headers: { "cf-connecting-ip": ip } },
    );
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("You have already reviewed this product.");
  });

  it("refuses posts from another site, for unknown products, and too many from one address", async () => {
    startOfRateWindow();
    const product = await freshProduct();
    const shopper = new Browser();
    await shopper.get(product.path);
    const crossSite = await shopper.post(
      `/product-reviews/${product.slug}`,
      { rating: "5", text: "Sent from another site.", ...guest },
      { from: null, origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const unknown = await shopper.post(
      "/product-reviews/no-such-product",
      { rating: "5", text: "Unknown product review.", ...guest },
      { from: null, headers: { "cf-connecting-ip": uniqueIp() } },
    );
    expect(unknown.status).toBe(404);
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await shopper.post(
        `/product-reviews/${product.slug}`,
        { rating: "x", text: "", ...guest },
        { from: null, headers: { "cf-connecting-ip": ip, Accept: "application/json" } },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[6]).toBe(429);
  });
});

describe("ratings on product cards", () => {
  it("shows a card's approved average and count, and no stars on cards without reviews", async () => {
    const shopper = new Browser();
    const before = await (await shopper.get("/catalog/hair-care")).text();
    const slug = before.match(/class="product-card__name"><a href="\/catalog\/hair-care\/([a-z0-9-]+)"/)?.[1];
    if (!slug) throw new Error("no card on /catalog/hair-care");
    const product = await env.DB.prepare("SELECT id FROM cms_products WHERE slug = ?1")
      .bind(slug)
      .first<{ id: number }>();
    await env.DB.prepare("DELETE FROM product_reviews WHERE product_id = ?1").bind(product!.id).run();
    const bare = await (await shopper.get("/catalog/hair-care")).text();
    expect(bare).not.toMatch(/Rated [\d.]+ out of 5 from/);
    for (const rating of [5, 4]) {
      await env.DB.prepare(
        "INSERT INTO product_reviews (product_id, owner_kind, owner_id, author_name, author_email, rating, body, status) VALUES (?1, 'seed', 'seed', 'T', 't@example.com', ?2, 'Card rating review', 'approved')",
      )
        .bind(product!.id, rating)
        .run();
    }
    await bumpContentVersion(env.CMS_CACHE);
    const html = await (await freshView(() => shopper.get("/catalog/hair-care"))).text();
    expect(html).toContain('aria-label="Rated 4.5 out of 5 from 2 reviews"');
  });
});
