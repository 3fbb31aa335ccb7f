import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";
import { uniqueIp } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { keptPage, refreshedPage } from "./support/page-shells";
import { auditOf, signedIn } from "./support/staff-session";

/**
 * Reviews on the staff desk (decision 0075): shop and product reviews waiting for moderation, with
 * their photos; approved or rejected with a button, an audit row each; an approved review is on
 * the shop's pages from the next request, even a page already kept as a shell.
 */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function unique(prefix: string): string {
  return `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
}

/** A shop review sent through /reviews as a visitor would, with an avatar and two photos; its row and files. */
async function sentShopReview(name = unique("Layla")) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name,
    email: "layla@example.ae",
    rating: "5",
    text: `Lovely packaging and fast delivery to Ajman. ${name}`,
    website: "",
  })) {
    form.set(k, v);
  }
  form.set("avatar", new File([JPEG], "me.jpg", { type: "image/jpeg" }));
  form.append("photos", new File([PNG], "box.png", { type: "image/png" }));
  form.append("photos", new File([PNG], "serum.png", { type: "image/png" }));
  const res = await new Browser().postMultipart("/reviews", form, "/reviews");
  expect(res.status).toBe(303);
  const row = await env.DB.prepare("SELECT id, public_id, status FROM shop_reviews WHERE name = ?1")
    .bind(name)
    .first<{ id: number; public_id: string; status: string }>();
  const { results: media } = await env.DB.prepare(
    "SELECT role, object_key FROM shop_review_media WHERE review_id = ?1 ORDER BY role, position",
  )
    .bind(row!.id)
    .all<{ role: string; object_key: string }>();
  return { name, publicId: row!.public_id, files: media.map((m) => m.object_key.replace("reviews/", "")) };
}

async function shopStatus(publicId: string) {
  return (await env.DB.prepare("SELECT status FROM shop_reviews WHERE public_id = ?1").bind(publicId).first<{
    status: string;
  }>())!.status;
}

/** A seed product nobody in this file has reviewed yet (ids 1–20 carry the sample reviews). */
let nextProduct = 70;
async function productWithPendingReview() {
  const id = nextProduct++;
  const product = await env.DB.prepare(
    "SELECT p.slug AS slug, c.slug AS category FROM cms_products p LEFT JOIN cms_categories c ON c.id = p.category_id WHERE p.id = ?1 AND p.locale = 'en'",
  )
    .bind(id)
    .first<{ slug: string; category: string }>();
  if (!product) throw new Error(`no product ${id}`);
  const text = `Soft on the skin and smells of roses. ${crypto.randomUUID().slice(0, 8)}`;
  const guest = new Browser();
  const res = await guest.post(
    `/product-reviews/${product.slug}`,
    { rating: "4", text, name: "Mariam", email: "mariam@example.ae" },
    { from: null, headers: { "cf-connecting-ip": uniqueIp() } },
  );
  expect(res.status).toBe(303);
  const row = await env.DB.prepare("SELECT id FROM product_reviews WHERE product_id = ?1 AND body = ?2")
    .bind(id, text)
    .first<{ id: number }>();
  return { reviewId: row!.id, text, path: `/catalog/${product.category}/${product.slug}` };
}

async function productStatus(id: number) {
  return (await env.DB.prepare("SELECT status FROM product_reviews WHERE id = ?1").bind(id).first<{
    status: string;
  }>())!.status;
}

function moderate(browser: Browser, path: string, fields: Record<string, string>) {
  return browser.post(path, { back: "/staff/reviews", ...fields }, { from: null });
}

describe("who may moderate reviews", () => {
  it("sends a visitor to sign in from every reviews page and action, and changes nothing", async () => {
    const shop = await sentShopReview();
    const product = await productWithPendingReview();
    const visitor = new Browser();
    const pages = [
      "/staff/reviews",
      "/staff/reviews?status=approved",
      `/staff/reviews/shop/${shop.publicId}`,
      `/staff/reviews/shop/${shop.publicId}/media/${shop.files[1]}`,
      `/staff/reviews/product/${product.reviewId}`,
    ];
    for (const path of pages) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(302);
      // Back to the page after signing in (its path: the gate keeps no query).
      expect(res.headers.get("location")).toBe(`/user/login?redirect=${encodeURIComponent(path.split("?")[0]!)}`);
    }
    for (const path of [`/staff/reviews/shop/${shop.publicId}`, `/staff/reviews/product/${product.reviewId}`]) {
      const res = await moderate(visitor, path, { action: "approve", from: "pending" });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/^\/user\/login/);
    }
    expect(await shopStatus(shop.publicId)).toBe("pending");
    expect(await productStatus(product.reviewId)).toBe("pending");
  });

  it("refuses a shopper with a 403 on every reviews page and action, shows nothing of them, and changes nothing", async () => {
    const shop = await sentShopReview();
    const product = await productWithPendingReview();
    const { browser } = await signedIn("authenticated");
    for (const path of [
      "/staff/reviews",
      `/staff/reviews/shop/${shop.publicId}`,
      `/staff/reviews/shop/${shop.publicId}/media/${shop.files[1]}`,
      `/staff/reviews/product/${product.reviewId}`,
    ]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(403);
      const body = await res.text();
      expect(body).not.toContain(shop.name);
      expect(body).not.toContain(product.text);
    }
    for (const path of [`/staff/reviews/shop/${shop.publicId}`, `/staff/reviews/product/${product.reviewId}`]) {
      expect((await moderate(browser, path, { action: "approve", from: "pending" })).status).toBe(403);
    }
    expect(await shopStatus(shop.publicId)).toBe("pending");
    expect(await productStatus(product.reviewId)).toBe("pending");
    expect(await auditOf("shop-review", shop.publicId)).toEqual([]);
  });
});

describe("a shop review on the desk", () => {
  it("is listed while waiting, with its rating, text, author and photos only staff can open", async () => {
    const shop = await sentShopReview();
    const { browser } = await signedIn("staff");
    const list = await browser.get("/staff/reviews");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const html = await list.text();
    expect(html).toContain(shop.name);
    expect(html).toContain("Lovely packaging and fast delivery to Ajman.");
    expect(html).toContain("layla@example.ae");
    expect(html).toContain('aria-label="Rated 5 out of 5"');
    expect(html).toContain(`action="/staff/reviews/shop/${shop.publicId}"`);
    expect(html).toContain(`Photo 2 of 2 from ${shop.name}`);
    const photo = `/staff/reviews/shop/${shop.publicId}/media/${shop.files[2]}`;
    expect(html).toContain(`src="${photo}"`);

    // Staff see the pending photo; the public address still does not serve it.
    const staffPhoto = await browser.get(photo);
    expect(staffPhoto.status).toBe(200);
    expect(staffPhoto.headers.get("content-type")).toBe("image/png");
    expect(staffPhoto.headers.get("x-content-type-options")).toBe("nosniff");
    expect(staffPhoto.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await staffPhoto.arrayBuffer())).toEqual(PNG);
    expect((await fetchWorker(`/reviews/media/${shop.files[2]}`)).status).toBe(404);

    // A file is served only under the review it belongs to.
    const other = await sentShopReview();
    expect((await browser.get(`/staff/reviews/shop/${other.publicId}/media/${shop.files[2]}`)).status).toBe(404);
    expect((await browser.get(`/staff/reviews/shop/${shop.publicId}/media/${"0".repeat(32)}`)).status).toBe(404);
    expect((await browser.get(`/staff/reviews/shop/${shop.publicId}/media/..%2Fsecret`)).status).toBe(404);
  });

  it("once approved shows on /reviews as soon as the page is rendered again, though it was kept as a shell; rejected, it is gone again", async () => {
    const shop = await sentShopReview();
    const before = await keptPage("/reviews");
    expect(await before.text()).not.toContain(shop.name);

    const { browser, account } = await signedIn("staff");
    const approved = await moderate(browser, `/staff/reviews/shop/${shop.publicId}`, {
      action: "approve",
      from: "pending",
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe("/staff/reviews");
    expect(await shopStatus(shop.publicId)).toBe("approved");
    const flash = await (await browser.get("/staff/reviews")).text();
    expect(flash).toContain(`The review by ${shop.name} is approved. It is on /reviews now.`);

    const after = await (await refreshedPage("/reviews")).text();
    expect(after).toContain(shop.name);
    expect((await fetchWorker(`/reviews/media/${shop.files[1]}`)).status).toBe(200);

    const approvedList = await (await browser.get("/staff/reviews?status=approved&kind=shop")).text();
    expect(approvedList).toContain(shop.name);
    expect(approvedList).toContain("Hide (reject)");

    const rejected = await moderate(browser, `/staff/reviews/shop/${shop.publicId}`, {
      action: "reject",
      from: "approved",
    });
    expect(rejected.status).toBe(303);
    expect(await (await refreshedPage("/reviews")).text()).not.toContain(shop.name);
    expect((await fetchWorker(`/reviews/media/${shop.files[1]}`)).status).toBe(404);
    expect(await (await browser.get("/staff/reviews?status=rejected")).text()).toContain(shop.name);

    expect(await auditOf("shop-review", shop.publicId)).toEqual([
      {
        staffId: account.id,
        staffName: account.username,
        action: "approve",
        before: { status: "pending" },
        after: { status: "approved" },
      },
      {
        staffId: account.id,
        staffName: account.username,
        action: "reject",
        before: { status: "approved" },
        after: { status: "rejected" },
      },
    ]);
    const page = await (await browser.get(`/staff/reviews/shop/${shop.publicId}`)).text();
    // The audit as read on the page, markup aside.
    const shown = page.replace(/<!-- -->|<[^>]+>/g, "");
    expect(shown).toContain(`${account.username} approved the review`);
    expect(shown).toContain(`${account.username} rejected the review`);
    expect(shown).toContain("Status: Waiting → Approved");
  });

  it("refuses the second of two staff moderating the same review: changed by … meanwhile, nothing overwritten", async () => {
    const shop = await sentShopReview();
    const first = await signedIn("staff");
    const second = await signedIn("staff");
    const path = `/staff/reviews/shop/${shop.publicId}`;
    expect((await moderate(first.browser, path, { action: "approve", from: "pending" })).status).toBe(303);
    const stale = await moderate(second.browser, path, { action: "reject", from: "pending" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(`This review was changed by ${first.account.username} meanwhile`);
    expect(await shopStatus(shop.publicId)).toBe("approved");
    expect((await auditOf("shop-review", shop.publicId)).map((row) => row.action)).toEqual(["approve"]);
  });

  it("answers a form that is not the desk's with 422 and a 404 for an unknown review, changing nothing", async () => {
    const shop = await sentShopReview();
    const { browser } = await signedIn("staff");
    const path = `/staff/reviews/shop/${shop.publicId}`;
    const incomplete: Record<string, string>[] = [
      { action: "publish", from: "pending" },
      { action: "approve" },
      { action: "approve", from: "x" },
    ];
    for (const fields of incomplete) {
      const res = await moderate(browser, path, fields);
      expect(res.status).toBe(422);
      expect(await res.text()).toContain("That form was not complete.");
    }
    const again = await moderate(browser, path, { action: "reject", from: "pending" });
    expect(again.status).toBe(303);
    const twice = await moderate(browser, path, { action: "reject", from: "rejected" });
    expect(twice.status).toBe(422);
    expect(await twice.text()).toContain("This review is rejected already.");
    expect(
      (await moderate(browser, `/staff/reviews/shop/${crypto.randomUUID()}`, { action: "approve", from: "pending" }))
        .status,
    ).toBe(404);
    expect((await browser.get("/staff/reviews/shop/not-an-id")).status).toBe(404);
    expect((await browser.get("/staff/reviews/product/0")).status).toBe(404);
    // A return address off the desk is not followed.
    const off = await moderate(browser, path, { action: "approve", from: "rejected", back: "https://evil.example/" });
    expect(off.headers.get("location")).toBe(path);
  });
});

describe("a product review on the desk", () => {
  it("once approved shows on the product page as soon as it is rendered again, though it was kept; rejected, it is gone", async () => {
    const product = await productWithPendingReview();
    const kept = await keptPage(product.path);
    expect(await kept.text()).not.toContain(product.text);

    const { browser } = await signedIn("staff");
    const list = await (await browser.get("/staff/reviews?kind=product")).text();
    expect(list).toContain(product.text);
    // The product is named and linked from the CMS.
    expect(list).toContain(`href="${product.path}"`);

    const path = `/staff/reviews/product/${product.reviewId}`;
    expect((await moderate(browser, path, { action: "approve", from: "pending" })).status).toBe(303);
    expect(await productStatus(product.reviewId)).toBe("approved");
    const after = await (await refreshedPage(product.path)).text();
    expect(after).toContain(product.text);
    expect(after).toContain("1 review");

    expect((await moderate(browser, path, { action: "reject", from: "approved" })).status).toBe(303);
    expect(await (await refreshedPage(product.path)).text()).not.toContain(product.text);
    expect((await auditOf("product-review", String(product.reviewId))).map((row) => row.action)).toEqual([
      "approve",
      "reject",
    ]);
  });

  it("is rejected from waiting without showing anywhere", async () => {
    const product = await productWithPendingReview();
    const { browser } = await signedIn("staff");
    const path = `/staff/reviews/product/${product.reviewId}`;
    const res = await browser.post(path, { action: "reject", from: "pending", back: path }, { from: null });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(path);
    expect(await productStatus(product.reviewId)).toBe("rejected");
    expect(await (await refreshedPage(product.path)).text()).not.toContain(product.text);
    const waiting = await (await browser.get("/staff/reviews?kind=product")).text();
    expect(waiting).not.toContain(product.text);
  });
});

describe("the overview", () => {
  it("links the reviews waiting to the reviews page", async () => {
    const { browser } = await signedIn("staff");
    const html = await (await browser.get("/staff")).text();
    expect(html).toMatch(
      /<a href="\/staff\/reviews"><span class="staff-tile__count">\d+<\/span><span class="staff-tile__label">reviews? to moderate/,
    );
  });
});
