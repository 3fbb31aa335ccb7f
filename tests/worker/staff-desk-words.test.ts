import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedIn } from "./support/staff-session";

/**
 * The desk's words on a phone walk: counts that agree with their noun ("1 e-mail that failed", never
 * "1 e-mails"), and the settings named by what they hold (delivery and payment, the seller on tax invoices).
 */
describe("the desk's words", () => {
  it("gives the overview's tiles the singular at 1 and the plural otherwise", async () => {
    const { browser } = await signedIn("staff");
    await env.DB.prepare("DELETE FROM outbox WHERE status = 'failed'").run();
    await env.DB.prepare(
      "INSERT INTO outbox (recipient, subject, body_text, kind, status, attempts, last_error) VALUES ('a@example.ae', 's', 'x', 'order-status', 'failed', 5, 'refused')",
    ).run();
    const one = await (await browser.get("/staff")).text();
    expect(one).toContain('staff-tile__count">1</span><span class="staff-tile__label">e-mail that failed<');
    await env.DB.prepare(
      "INSERT INTO outbox (recipient, subject, body_text, kind, status, attempts, last_error) VALUES ('b@example.ae', 's', 'x', 'order-status', 'failed', 5, 'refused')",
    ).run();
    const two = await (await browser.get("/staff")).text();
    expect(two).toContain('staff-tile__count">2</span><span class="staff-tile__label">e-mails that failed<');
    expect(two).not.toMatch(/staff-tile__count">1<\/span><span class="staff-tile__label">[a-z -]*s\b/);
  });

  it("names the settings tab Settings, with its two sections", async () => {
    const { browser } = await signedIn("staff");
    const page = await (await browser.get("/staff/settings")).text();
    expect(page).toContain('<a href="/staff/settings" aria-current="page">Settings</a>');
    expect(page).toContain('<h2 id="delivery-heading">Delivery and payment</h2>');
    expect(page).toContain('<h2 id="seller-heading">Seller for tax invoices</h2>');
  });
});
