import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bumpContentVersion } from "../../worker/platform/caches/versions";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";
import { refreshedPage } from "./support/page-shells";
import { startOfRateWindow } from "./support/rate-window";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

type Upload = { bytes: Uint8Array; name: string; type?: string };

function reviewForm(fields: Record<string, string>, files: { avatar?: Upload; photos?: Upload[] } = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const file = (u: Upload) => new File([u.bytes], u.name, { type: u.type ?? "image/png" });
  form.set("avatar", files.avatar ? file(files.avatar) : new File([], ""));
  if (files.photos?.length) for (const photo of files.photos) form.append("photos", file(photo));
  else form.set("photos", new File([], ""));
  return form;
}

function unique(prefix: string): string {
  return `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
}

const fields = (name: string, extra: Record<string, string> = {}) => ({
  name,
  email: "guest@example.ae",
  rating: "4",
  text: "Fast delivery to Sharjah and a lovely handwritten note in the box.",
  website: "",
  ...extra,
});

async function review(name: string) {
  return env.DB.prepare("SELECT id, public_id, status, rating, body FROM shop_reviews WHERE name = ?1")
    .bind(name)
    .first<{ id: number; public_id: string; status: string; rating: number; body: string }>();
}

async function media(reviewId: number) {
  const { results } = await env.DB.prepare(
    "SELECT role, object_key, content_type, position FROM shop_review_media WHERE review_id = ?1 ORDER BY role, position",
  )
    .bind(reviewId)
    .all<{ role: string; object_key: string; content_type: string; position: number }>();
  return results;
}

/** Moderation as the README tells an operator: approve, then move the content version on so the page shows it at once. */
async function approve(name: string): Promise<void> {
  await env.DB.prepare(
    "UPDATE shop_reviews SET status = 'approved', approved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE name = ?1",
  )
    .bind(name)
    .run();
  await bumpContentVersion(env.CMS_CACHE);
}

async function reviewUploads(): Promise<number> {
  return (await env.UPLOADS.list({ prefix: "reviews/" })).objects.length;
}

describe("/reviews", () => {
  it("shows the form with the upload hint from UPLOAD_MAX_BYTES and the consent line", async () => {
    const res = await new Browser().get("/reviews");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Reviews</h1>");
    expect(html).toContain(">PNG, JPG, GIF up to 5MB</p>");
    expect(html).toContain('action="/reviews"');
    expect(html).toMatch(/By leaving a request, you agree to the <a href="\/privacy-policy">privacy policy<\/a>/);
    for (const n of [1, 2, 3, 4, 5]) expect(html).toContain(`name="rating" value="${n}"`);
  });

  it("keeps a new review pending with its avatar and photos, tells the shop, and shows it only once approved", async () => {
    const browser = new Browser();
    const name = unique("Layla");
    const res = await browser.postMultipart(
      "/reviews",
      reviewForm(fields(name), {
        avatar: { bytes: JPEG, name: "me.jpg", type: "image/jpeg" },
        photos: [
          { bytes: PNG, name: "box.png" },
          { bytes: PNG, name: "serum.png" },
        ],
      }),
      "/reviews",
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/reviews?sent=review#leave-review");
    const row = await review(name);
    expect(row).toMatchObject({ status: "pending", rating: 4 });
    const files = await media(row!.id);
    expect(files.map((f) => [f.role, f.content_type, f.position])).toEqual([
      ["avatar", "image/jpeg", 0],
      ["photo", "image/png", 0],
      ["photo", "image/png", 1],
    ]);
    for (const f of files) expect(await env.UPLOADS.head(f.object_key)).not.toBeNull();

    const { results: mail } = await env.DB.prepare(
      "SELECT recipient, kind, body_text FROM outbox WHERE body_text LIKE ?1",
    )
      .bind(`%${name}%`)
      .all<{ recipient: string; kind: string; body_text: string }>();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: "orders@noorbeauty.ae", kind: "review-new" });
    // A link to the review on the staff desk, not an SQL command.
    expect(mail[0]!.body_text).toContain(`https://shop.example/staff/reviews/shop/${row!.public_id}`);
    expect(mail[0]!.body_text).not.toContain("wrangler");

    const thanks = await (await browser.get("/reviews?sent=review")).text();
    expect(thanks).toContain("Thank you for your review! It will appear here once we have checked it.");
    expect(thanks).not.toContain(name);
    const photoPath = `/reviews/media/${files[1]!.object_key.replace("reviews/", "")}`;
    expect((await fetchWorker(photoPath)).status).toBe(404);

    await approve(name);
    const html = await (await refreshedPage("/reviews")).text();
    expect(html).toContain(name);
    expect(html).toContain("Fast delivery to Sharjah and a lovely handwritten note in the box.");
    expect(html).toContain('aria-label="Rated 4 out of 5"');
    expect(html).toContain(`src="/reviews/media/${files[0]!.object_key.replace("reviews/", "")}"`);
    expect(html).toContain(`alt="Shared by ${name}, 2 of 2"`);

    const photo = await fetchWorker(photoPath);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/png");
    expect(photo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG);
  });

  it("lists approved reviews newest first", async () => {
    const older = unique("Older");
    const newer = unique("Newer");
    await env.DB.batch(
      [
        [older, "2026-01-01T10:00:00.000Z"],
        [newer, "2026-11-20T10:00:00.000Z"],
      ].map(([name, at]) =>
        env.DB.prepare(
          `INSERT INTO shop_reviews (public_id, status, name, email, rating, body, fingerprint, dedupe_key, created_at)
           VALUES (?1, 'approved', ?2, 'a@example.ae', 5, 'Lovely service all round.', ?1, ?1, ?3)`,
        ).bind(crypto.randomUUID(), name, at),
      ),
    );
    await bumpContentVersion(env.CMS_CACHE);
    const html = await (await refreshedPage("/reviews")).text();
    expect(html.indexOf(newer)).toBeGreaterThan(-1);
    expect(html.indexOf(newer)).toBeLessThan(html.indexOf(older));
  });

  it("answers an island with JSON and never shows a pending or rejected review", async () => {
    const browser = new Browser();
    const name = unique("Pending");
    await browser.get("/reviews");
    const res = await fetchWorker("/reviews", {
      method: "POST",
      headers: {
        cookie: browser.cookieHeader(),
        origin: "https://shop.example",
        "cf-connecting-ip": browser.ip,
        accept: "application/json",
      },
      body: reviewForm(fields(name)),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      message: "Thank you for your review! It will appear here once we have checked it.",
    });
    await env.DB.prepare("UPDATE shop_reviews SET status = 'rejected' WHERE name = ?1").bind(name).run();
    expect(await (await fetchWorker("/reviews")).text()).not.toContain(name);
  });

  it("explains each problem beside its field: name, e-mail, rating and text", async () => {
    const res = await new Browser().postMultipart(
      "/reviews",
      reviewForm({ name: "", email: "nope", rating: "6", text: "Good" }),
      "/reviews",
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Please enter your name.");
    expect(html).toContain("Enter an e-mail address like name@example.com.");
    expect(html).toContain("Please choose a rating from 1 to 5 stars.");
    expect(html).toContain("Please write at least 10 characters.");
    expect(html).toContain('id="review-form-rating-error"');
  });

  it("refuses a photo that is not really an image (an SVG named .png) and keeps nothing", async () => {
    const before = await reviewUploads();
    const name = unique("Svg");
    const res = await new Browser().postMultipart(
      "/reviews",
      reviewForm(fields(name), {
        avatar: { bytes: PNG, name: "me.png" },
        photos: [{ bytes: SVG, name: "photo.png" }],
      }),
      "/reviews",
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toContain(
      "&quot;photo.png&quot; is not a PNG, JPG or GIF image. Please choose one of those.",
    );
    expect(await review(name)).toBeNull();
    expect(await reviewUploads()).toBe(before);
  });

  it("refuses an avatar over the size limit and more than five photos", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const photos = Array.from({ length: 6 }, (_, i) => ({ bytes: PNG, name: `p${i}.png` }));
    const res = await new Browser().postMultipart(
      "/reviews",
      reviewForm(fields(unique("Big")), { avatar: { bytes: big, name: "huge.png" }, photos }),
      "/reviews",
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("&quot;huge.png&quot; is 5MB; files can be up to 5MB.");
    expect(html).toContain("Please choose at most 5 photos.");
  });

  it("keeps one review when the same one is sent twice, and limits reviews per address", async () => {
    startOfRateWindow();
    const browser = new Browser();
    const name = unique("Twice");
    for (let i = 0; i < 2; i++) {
      expect((await browser.postMultipart("/reviews", reviewForm(fields(name)), "/reviews")).status).toBe(303);
    }
    const { results } = await env.DB.prepare("SELECT id FROM shop_reviews WHERE name = ?1").bind(name).all();
    expect(results).toHaveLength(1);
    // The duplicate did not count towards the limit of three; two more go through, the next waits.
    for (let i = 0; i < 2; i++) {
      expect((await browser.postMultipart("/reviews", reviewForm(fields(unique("More"))), "/reviews")).status).toBe(
        303,
      );
    }
    const blocked = await browser.postMultipart("/reviews", reviewForm(fields(unique("Late"))), "/reviews");
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("You have sent several requests in a short time.");
  });

  it("drops a review whose honeypot is filled", async () => {
    const name = unique("HoneyBot");
    const res = await new Browser().postMultipart("/reviews", reviewForm(fields(name, { website: "x" })), "/reviews");
    expect(res.status).toBe(303);
    expect(await review(name)).toBeNull();
  });

  it("answers 404 for an upload address that is not a review's file", async () => {
    expect((await fetchWorker("/reviews/media/not-a-key")).status).toBe(404);
    expect((await fetchWorker(`/reviews/media/${"0".repeat(32)}`)).status).toBe(404);
  });
});
