/**
 * The visitor forms in the page's language (decision 0091): the request forms, the shop review and
 * the product review, posted from /ar without JavaScript (the page again, messages beside the
 * fields) and as an island (JSON), answer in Arabic; from English pages, word for word as before.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { fetchWorker } from "./fetch";
import { uniqueIp } from "./support/auth-api";
import { Browser } from "./support/browser-session";

const AR = ar.visitorForms;

/** Pages render slowly on a busy machine; each test opens a few. */
const SLOW = { timeout: 30_000 };

function unique(prefix: string): string {
  return `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
}

/** The page's HTML without the comments React puts between neighbouring texts. */
async function pageOf(res: Response): Promise<string> {
  return (await res.text()).replace(/<!-- -->/g, "");
}

/** The text between an element's opening tag with this id and its end, without tags. */
function textOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  const end = html.indexOf("</p>", start);
  return html
    .slice(html.indexOf(">", start) + 1, end)
    .replace(/<[^>]+>/g, "")
    .trim();
}

/** A product of the seed no other test reviews (the review tests take 21 upwards). */
async function productToReview(): Promise<{ id: number; slug: string; path: string }> {
  const row = await env.DB.prepare(
    `SELECT p.id AS id, p.slug AS slug, c.slug AS category FROM cms_products p
     LEFT JOIN cms_categories c ON c.id = p.category_id
     WHERE p.locale = 'en' AND p.id NOT IN (SELECT product_id FROM product_reviews) ORDER BY p.id DESC LIMIT 1`,
  ).first<{ id: number; slug: string; category: string }>();
  if (!row) throw new Error("no product left to review");
  return { id: row.id, slug: row.slug, path: `/catalog/${row.category}/${row.slug}` };
}

describe("a request form posted from an Arabic page without JavaScript", () => {
  it("comes back in Arabic with each message beside its field, the summary and what was typed", SLOW, async () => {
    const res = await new Browser().post("/ar/requests/callback", { name: "", phone: "12" }, { from: "/ar/contacts" });
    expect(res.status).toBe(422);
    const html = await pageOf(res);
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(textOf(html, "callback-form-name-error")).toBe(AR.errors.nameMissing);
    expect(textOf(html, "callback-form-phone-error")).toBe(AR.errors.phoneInvalid);
    expect(html).toContain(`<p>${ar.formParts.checkFields.two}</p>`);
    expect(html).toContain(`${AR.labels.name}: ${AR.errors.nameMissing}`);
    expect(html).toMatch(/id="callback-form-phone"[^>]*value="12"/);
    // The form's own words are Arabic too: title, button, hint, consent with its link.
    expect(html).toContain(AR.titles.callback);
    expect(html).toContain(AR.submit.callback);
    expect(html).toContain(AR.phoneHint);
    expect(html).toContain(`بإرسال الطلب، فإنك توافق على <a href="/ar/privacy-policy">${AR.privacyPolicy}</a>`);
    for (const english of ["Please enter your name.", "Please check", "Enter a UAE number", "Call me back"]) {
      expect(html).not.toContain(english);
    }
  });

  it("checks a wholesale enquiry's e-mail and company in Arabic", SLOW, async () => {
    const res = await new Browser().post(
      "/ar/requests/wholesale",
      { company: "", name: "Huda", email: "huda", phone: "0501234567", message: "" },
      { from: "/ar/wholesale" },
    );
    expect(res.status).toBe(422);
    const html = await pageOf(res);
    expect(textOf(html, "wholesale-form-company-error")).toBe(AR.errors.companyMissing);
    expect(textOf(html, "wholesale-form-email-error")).toBe(ar.fieldErrors.emailInvalid);
    expect(textOf(html, "wholesale-form-message-error")).toBe(AR.errors.wholesaleMessageMissing);
    expect(html).toContain(`<p>${ar.formParts.checkFields.few?.replace("{count}", "3")}</p>`);
    expect(html).toContain("PNG أو JPG أو GIF بحجم أقصاه 5 ميغابايت، أو ملف PDF");
  });

  it("refuses a file that only claims to be a PDF in Arabic, beside the field", SLOW, async () => {
    const form = new FormData();
    const fields = { company: "Glow Salon LLC", name: "Huda", email: "buyer@glowsalon.ae", phone: "0501234567" };
    for (const [k, v] of Object.entries({ ...fields, message: "أربعون عبوة من سيروم فيتامين سي شهريًا." })) {
      form.set(k, v);
    }
    form.set("attachment", new File([new TextEncoder().encode("not a pdf")], "list.pdf", { type: "application/pdf" }));
    const res = await new Browser().postMultipart("/ar/requests/wholesale", form, "/ar/wholesale");
    expect(res.status).toBe(422);
    const html = await pageOf(res);
    expect(textOf(html, "wholesale-form-attachment-error")).toBe(
      "الملف «list.pdf» ليس صورة بصيغة PNG أو JPG أو GIF، أو ملف PDF. يُرجى اختيار ملف من هذه الأنواع.",
    );
  });

  it("stays English word for word on the English page", SLOW, async () => {
    const res = await new Browser().post("/requests/callback", { name: "", phone: "12" }, { from: "/contacts" });
    expect(res.status).toBe(422);
    const html = await pageOf(res);
    expect(html).toContain("<p>Please check 2 fields:</p>");
    expect(html).toContain("Your name: Please enter your name.");
    expect(html).toContain("Enter a UAE number like 050 123 4567 or an international one starting with +.");
    expect(html).toContain("A UAE number like 050 123 4567, or international with +");
    expect(html).not.toContain(AR.errors.nameMissing);
  });

  it("thanks in Arabic once sent, back on the Arabic page", SLOW, async () => {
    const browser = new Browser();
    const name = unique("هدى");
    const res = await browser.post(
      "/ar/requests/consultation",
      { name, phone: "0501234567", question: "ما الواقي الشمسي المناسب للبشرة الدهنية؟" },
      { from: "/ar/contacts" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ar/contacts?sent=consultation#consultation");
    const thanks = await (await browser.get("/ar/contacts?sent=consultation")).text();
    expect(thanks).toContain(AR.thanks.consultation);
    // The shop's e-mail stays English for the staff desk.
    const mail = await env.DB.prepare("SELECT subject, body_text FROM outbox WHERE body_text LIKE ?1")
      .bind(`%${name}%`)
      .first<{ subject: string; body_text: string }>();
    expect(mail?.subject).toBe(`Ask for a consultation: ${name}`);
    expect(mail?.body_text).toContain(`Your name: ${name}`);
  });
});

describe("a request form posted as an island from an Arabic page", () => {
  it("answers JSON in Arabic: the messages per field and the summary", SLOW, async () => {
    const browser = new Browser();
    await browser.get("/ar/contacts");
    const res = await fetchWorker("/ar/requests/callback", {
      method: "POST",
      headers: {
        cookie: browser.cookieHeader(),
        origin: "https://shop.example",
        "cf-connecting-ip": browser.ip,
        accept: "application/json",
      },
      body: new URLSearchParams({ name: "x".repeat(81), phone: "" }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      ok: false,
      message: AR.checkFields.two,
      errors: { name: AR.errors.nameTooLong.replace("{max}", "80"), phone: AR.errors.phoneMissing },
    });
  });

  it("sends the form fields' words once per page and the forms' section in the page's language", SLOW, async () => {
    const html = await pageOf(await new Browser().get("/ar/contacts"));
    expect(html.match(/data-texts="formParts"/g)).toHaveLength(1);
    expect(html.match(/data-texts="visitorForms"/g)).toHaveLength(1);
    expect(html).toContain(AR.intros.consultation);
    const english = await (await new Browser().get("/contacts")).text();
    expect(english).toContain('"optional":"(optional)"');
    expect(english).not.toContain(AR.titles.callback);
  });
});

describe("reviews posted from Arabic pages", () => {
  it("checks a shop review in Arabic, and thanks in Arabic once it is sent", SLOW, async () => {
    const browser = new Browser();
    const bad = new FormData();
    for (const [k, v] of Object.entries({ name: "", email: "nope", rating: "", text: "قصير" })) bad.set(k, v);
    const refused = await browser.postMultipart("/ar/reviews", bad, "/ar/reviews");
    expect(refused.status).toBe(422);
    const html = await pageOf(refused);
    expect(textOf(html, "review-form-name-error")).toBe(AR.errors.nameMissing);
    expect(textOf(html, "review-form-email-error")).toBe(ar.fieldErrors.emailInvalid);
    expect(textOf(html, "review-form-rating-error")).toBe(AR.errors.ratingMissing);
    expect(textOf(html, "review-form-text-error")).toBe(AR.errors.reviewTooShort.replace("{min}", "10"));
    expect(html).toContain(AR.publish);
    expect(html).toContain(AR.stars.two);

    const good = new FormData();
    const fields = {
      name: unique("ليلى"),
      email: "layla@example.ae",
      rating: "5",
      text: "توصيل سريع إلى الشارقة وتغليف أنيق.",
    };
    for (const [k, v] of Object.entries(fields)) good.set(k, v);
    const sent = await browser.postMultipart("/ar/reviews", good, "/ar/reviews");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/ar/reviews?sent=review#leave-review");
    expect(await (await browser.get("/ar/reviews?sent=review")).text()).toContain(AR.reviewThanks);
  });

  it("checks a product review in Arabic beside its fields, and says thank you in Arabic", SLOW, async () => {
    const product = await productToReview();
    const browser = new Browser();
    const page = await (await browser.get(`/ar${product.path}`)).text();
    expect(page).toContain(ar.productReviewForm.write);
    expect(page).toContain(ar.productReviewForm.send);

    const refused = await browser.post(
      `/ar/product-reviews/${product.slug}`,
      { rating: "9", text: "سيئ", name: "", email: "layla" },
      { from: null, headers: { "cf-connecting-ip": uniqueIp() } },
    );
    expect(refused.status).toBe(422);
    const html = await pageOf(refused);
    const errors = ar.productReviewForm.errors;
    expect(textOf(html, "field-rating-error")).toBe(errors.wholeStars);
    expect(textOf(html, "field-text-error")).toBe(errors.textTooShort.replace("{min}", "10"));
    expect(textOf(html, "field-name-error")).toBe(errors.nameMissing);
    expect(textOf(html, "field-email-error")).toBe(errors.emailInvalid);
    expect(html).not.toContain("A rating is a whole number");

    const sent = await browser.post(
      `/ar/product-reviews/${product.slug}`,
      { rating: "4", text: "كريم خفيف ورائحته لطيفة.", name: "ليلى", email: "layla@example.ae" },
      { from: null, headers: { "cf-connecting-ip": uniqueIp() } },
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/ar${product.path}#reviews`);
    expect(await (await browser.get(`/ar${product.path}`)).text()).toContain(ar.productReviewForm.pending);
    // The English form is as it was.
    const english = await (await new Browser().get(product.path)).text();
    expect(english).toContain("Write a review");
    expect(english).toContain(en.productReviewForm.emailHint);
  });
});
