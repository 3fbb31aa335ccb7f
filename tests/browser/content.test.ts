import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { DESKTOP, expectAccessible, keepShot, launchBrowser, loaded, openFresh, PHONE, recordScripts } from "./harness";
import { startTestShop, type TestShop } from "./shop";

/**
 * The content side and the ways a visitor writes to the shop, in Chromium:
 * reading the blog, the call-back dialog from the header, a shop review with a
 * photo that appears once approved. This file runs its own shop so it can read
 * the outbox and moderate through the shop's D1.
 */
let browser: Browser;
let shop: TestShop;
const RECEIVER = "orders@noorbeauty.ae";
const PHOTO = readFileSync(resolve(import.meta.dirname, "../../client/static/og-image.png"));

beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startTestShop()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.dispose();
});

async function newPage(
  viewport: { width: number; height: number } = DESKTOP,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: shop.url, ...options });
  return context.newPage();
}

function widthName(viewport: { width: number }): string {
  return String(viewport.width);
}

describe("reading the blog", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`reads a post and follows a similar article (${viewport.width} px)`, async () => {
      const page = await newPage(viewport);
      await page.goto("/blog");
      await expectAccessible(page);
      const first = page.locator(".post-card").first().getByRole("link").last();
      const title = (await first.textContent())?.trim() ?? "";
      await first.click();
      await page.waitForURL(/\/blog\/[a-z0-9-]+\/[a-z0-9-]+$/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      await expectAccessible(page);
      await keepShot(page, `content-blog-post-${widthName(viewport)}.png`, { fullPage: true });

      const similar = page.getByRole("region", { name: "Similar articles" });
      const next = similar.getByRole("link").first();
      const href = await next.getAttribute("href");
      await next.click();
      await page.waitForURL(`**${href}`);
      const nextTitle = await page.getByRole("heading", { level: 1 }).textContent();
      expect(nextTitle).not.toBe(title);
      await page.context().close();
    });
  }
});

describe("the call-back dialog", () => {
  it("opens from the header, loads its code only then, checks the fields and sends the request", async () => {
    const page = await newPage(DESKTOP);
    const scripts = recordScripts(page);
    await page.goto("/catalog");
    await loaded(page);
    expect(scripts.some((s) => s.includes("/islands/request-dialog-"))).toBe(false);

    await page.getByRole("banner").getByRole("link", { name: "Request a call back" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a call back" });
    await dialog.waitFor({ state: "visible" });
    expect(scripts.some((s) => s.includes("/islands/request-dialog-"))).toBe(true);
    expect(page.url()).toMatch(/\/catalog$/);
    // The cursor starts in the first field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    await expectAccessible(page);

    await dialog.getByRole("button", { name: "Call me back" }).click();
    await dialog.getByText("Please enter your name.").first().waitFor();
    expect(await dialog.getByText("Please enter a phone number so we can call you.").count()).toBeGreaterThan(0);
    await keepShot(page, `content-dialog-errors-1280.png`);

    const name = `Aisha ${Date.now().toString(36)}`;
    await dialog.getByLabel("Your name").fill(name);
    await dialog.getByLabel("Phone").fill("050 123 4567");
    await dialog.getByRole("button", { name: "Call me back" }).click();
    await dialog.getByText("Thank you! We will call you back within working hours.").waitFor();
    await keepShot(page, `content-dialog-sent-1280.png`);
    const mail = await shop.readOutbox(RECEIVER);
    expect(mail.find((m) => m.subject === `Request a call back: ${name}`)?.body_text).toContain("Phone: 0501234567");

    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "hidden" });
    // Focus goes back to the link that opened it.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Request a call back");
    await page.context().close();
  });

  it("opens the consultation dialog from the footer on a phone, and Esc closes it", async () => {
    const page = await newPage(PHONE);
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Ask for a consultation" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask for a consultation" });
    await dialog.waitFor({ state: "visible" });
    await expectAccessible(page);
    await keepShot(page, `content-dialog-consultation-390.png`);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("speaks Arabic on an Arabic page: its words, the messages beside the fields and the thank-you", async () => {
    const page = await newPage(DESKTOP);
    await page.goto("/ar/catalog");
    // The header's button is the CMS's Arabic menu entry that opens the call-back dialog.
    await page.getByRole("banner").locator('a[data-modal="callback"]').click();
    const dialog = page.getByRole("dialog", { name: "اطلب اتصالًا منا" });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("button", { name: "اتصلوا بي" }).click();
    await dialog.getByText("يُرجى إدخال اسمك.").first().waitFor();
    expect(await dialog.getByText("يُرجى إدخال رقم هاتف لنتمكن من الاتصال بك.").count()).toBeGreaterThan(0);
    await keepShot(page, `content-dialog-errors-ar-1280.png`);
    await dialog.getByLabel("الاسم").fill(`عائشة ${Date.now().toString(36)}`);
    await dialog.getByLabel("رقم الهاتف").fill("050 123 4567");
    await dialog.getByRole("button", { name: "اتصلوا بي" }).click();
    await dialog.getByText("شكرًا لك! سنتصل بك خلال ساعات العمل.").waitFor();
    await page.context().close();
  });

  it("without JavaScript, the header link leads to the same form on /contacts, which posts and thanks", async () => {
    const page = await newPage(PHONE, { javaScriptEnabled: false });
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Request a call back" }).click();
    await page.waitForURL(/\/contacts#callback$/);
    const form = page.locator("#callback");
    await form.getByLabel("Your name").fill("Noura Plain");
    await form.getByLabel("Phone").fill("+971 50 765 4321");
    await form.getByRole("button", { name: "Call me back" }).click();
    await page.waitForURL(/\/contacts\?sent=callback#callback$/);
    await form.getByText("Thank you! We will call you back within working hours.").waitFor();
    await page.context().close();
  });
});

describe("a shop review", () => {
  it("is left with a photo, waits for approval, then appears with it", async () => {
    const page = await newPage(PHONE);
    await page.goto("/reviews");
    await expectAccessible(page);
    const form = page.locator("#leave-review");
    const name = `Layla ${Date.now().toString(36)}`;
    await form.getByLabel("Your name").fill(name);
    await form.getByLabel("E-mail").fill("layla@example.ae");
    await form.getByRole("radio", { name: "5 stars" }).check();
    await form
      .getByLabel("Your review")
      .fill("Genuine products, quick delivery to Ajman and kind advice on the phone.");
    await form.getByLabel("Photos").setInputFiles({ name: "my-order.png", mimeType: "image/png", buffer: PHOTO });
    await keepShot(form, `content-review-form-390.png`);
    await form.getByRole("button", { name: "Publish review" }).click();
    await form.getByText("Thank you for your review! It will appear here once we have checked it.").waitFor();

    await page.reload();
    expect(await page.getByText(name).count()).toBe(0);

    await shop.execute(
      "UPDATE shop_reviews SET status = 'approved', approved_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE name = ?1",
      name,
    );
    await shop.moveContentVersion();
    await openFresh(page);
    const review = page.getByRole("article", { name });
    await review.waitFor();
    expect(await review.getByRole("img", { name: "Rated 5 out of 5" }).count()).toBe(1);
    const photo = review.getByRole("img", { name: `Shared by ${name}, 1 of 1` });
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await expectAccessible(page);
    await keepShot(page, `content-reviews-390.png`, { fullPage: true });
    await page.context().close();
  });

  it("checks itself in Arabic on an Arabic page, keeping the fields' words once awake", async () => {
    const page = await newPage(DESKTOP);
    await page.goto("/ar/reviews");
    const form = page.locator("#leave-review");
    await form.getByLabel("البريد الإلكتروني").fill("huda");
    await page.locator('[data-island="review-form"][data-hydrated="true"]').waitFor();
    await form.getByRole("button", { name: "انشر المراجعة" }).click();
    await form.getByText("يُرجى مراجعة 4 حقول:").waitFor();
    expect(await form.getByText(ar.fieldErrors.emailInvalid).count()).toBeGreaterThan(0);
    expect(await form.getByText("(اختياري)").count()).toBe(2);
    expect(page.url()).toMatch(/\/ar\/reviews$/);
    await page.context().close();
  });

  it("shows the server's message beside the photo field when the file is not an image", async () => {
    const page = await newPage(DESKTOP);
    await page.goto("/reviews");
    const form = page.locator("#leave-review");
    await form.getByLabel("Your name").fill("Huda");
    await form.getByLabel("E-mail").fill("huda@example.ae");
    await form.getByRole("radio", { name: "4 stars" }).check();
    await form.getByLabel("Your review").fill("Lovely shop, the staff really know their skincare.");
    await form
      .getByLabel("Photos")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") });
    await form.getByRole("button", { name: "Publish review" }).click();
    await form.getByText('"photo.png" is not a PNG, JPG or GIF image. Please choose one of those.').first().waitFor();
    expect(page.url()).toMatch(/\/reviews$/);
    await keepShot(page, `content-reviews-1280.png`, { fullPage: true });
    await page.context().close();
  });
});

describe("content and request pages", () => {
  for (const path of ["/contacts", "/wholesale", "/partnership", "/company", "/projects", "/privacy-policy"]) {
    it(`${path} is accessible`, async () => {
      const page = await newPage(DESKTOP);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expectAccessible(page);
      if (path === "/wholesale" || path === "/contacts") {
        await keepShot(page, `content-${path.slice(1)}-1280.png`, { fullPage: true });
        await page.setViewportSize(PHONE);
        await keepShot(page, `content-${path.slice(1)}-390.png`, { fullPage: true });
      }
      await page.context().close();
    });
  }

  it("sends a wholesale enquiry with an attachment and stays on the page", async () => {
    const page = await newPage(DESKTOP);
    await page.goto("/wholesale");
    const form = page.locator("#wholesale-request");
    const name = `Omar ${Date.now().toString(36)}`;
    await form.getByLabel("Company").fill("Glow Salon LLC");
    await form.getByLabel("Your name").fill(name);
    await form.getByLabel("E-mail").fill("omar@glowsalon.ae");
    await form.getByLabel("Phone").fill("04 123 4567");
    await form.getByLabel("Message").fill("Monthly order of serums for two salons.");
    await form.getByLabel("Attachment").setInputFiles({
      name: "request.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n%%EOF\n"),
    });
    await form.getByRole("button", { name: "Send wholesale enquiry" }).click();
    await form.getByText("Thank you! Our wholesale team will reply by e-mail within one working day.").waitFor();
    expect(page.url()).toMatch(/\/wholesale$/);
    const mail = await shop.readOutbox(RECEIVER);
    expect(mail.find((m) => m.subject === `Wholesale enquiry: ${name} (Glow Salon LLC)`)?.body_text).toContain(
      "request.pdf (application/pdf",
    );
    await page.context().close();
  });
});
