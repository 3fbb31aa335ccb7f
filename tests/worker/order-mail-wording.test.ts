import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { documentsOf, setSeller } from "./support/invoice-orders";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * What a shopper reads about an order once the desk has moved it: the status e-mail signed once,
 * the staff's cancel reason in a quoted paragraph of its own, an invoice linked only when one exists,
 * the order page's link named by what it opens, and no "Thank you" above a cancelled order.
 */

async function placedOrder() {
  const [slug] = await productSlugs();
  const guest = new Browser();
  expect((await guest.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
  const email = `wording.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  const res = await guest.post(
    "/cart/order",
    { ...customer, email, idempotencyKey: crypto.randomUUID() },
    { from: null },
  );
  expect(res.status).toBe(303);
  const number = res.headers.get("location")!.split("/").pop()!;
  return { number, guest, email };
}

async function act(browser: Browser, number: string, fields: Record<string, string>) {
  const row = await env.DB.prepare("SELECT version FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ version: number }>();
  const res = await browser.post(
    `/staff/orders/${number}`,
    { version: String(row!.version), ...fields },
    { from: null },
  );
  expect(res.status, JSON.stringify(fields)).toBe(303);
}

async function lastMail(email: string) {
  return (await env.DB.prepare("SELECT body_text, body_html FROM outbox WHERE recipient = ?1 ORDER BY id DESC")
    .bind(email)
    .first<{ body_text: string; body_html: string }>())!;
}

const linkText = (html: string) => html.match(/<a href="[^"]*\/invoice[^"]*">([^<]*)<\/a>/)?.[1] ?? null;

describe("the cancellation e-mail and page", () => {
  it("quotes the reason in its own paragraph, signs once, and links the order page rather than an invoice never issued", async () => {
    const { number, email, guest } = await placedOrder();
    const { browser } = await signedIn("staff");
    await act(browser, number, {
      action: "cancel",
      confirmed: "yes",
      reason: "  The shade you chose is discontinued ",
    });
    const mail = await lastMail(email);
    expect(mail.body_text).toContain(
      "Your order has been cancelled. If you paid by card, the payment is refunded to your card.\n\nReason given: “The shade you chose is discontinued”\n\n",
    );
    expect(mail.body_html).toContain(
      '<p style="margin:0 0 16px">Reason given: “The shade you chose is discontinued”</p>',
    );
    // Signed once: the contacts at the foot carry the shop's name; no second "Noor Beauty" line above them.
    expect(mail.body_text.match(/^Noor Beauty$/gm)).toHaveLength(1);
    expect(mail.body_text).toMatch(new RegExp(`/cart/order/${number}\\?key=`));
    expect(mail.body_text).not.toContain("/invoice");
    expect(mail.body_text).not.toContain("tax invoice");

    // Revisited, the page follows the status: no thanks, and the link names the confirmation it opens.
    const page = await (await guest.get(`/cart/order/${number}`)).text();
    expect(page).toContain("This order is cancelled");
    expect(page).not.toContain("Thank you, ");
    expect(linkText(page)).toBe("Order confirmation");
  });

  it("names the link and e-mails the invoice once the tax invoice is issued on delivery", async () => {
    await setSeller();
    const { number, email, guest } = await placedOrder();
    const { browser } = await signedIn("staff");
    expect(linkText(await (await guest.get(`/cart/order/${number}`)).text())).toBe("Order confirmation");
    await act(browser, number, { action: "confirm" });
    await act(browser, number, { action: "shopper-confirmed" });
    await act(browser, number, { action: "ship", carrier: "aramex", trackingNumber: "AX123" });
    await act(browser, number, { action: "deliver" });
    const row = await env.DB.prepare("SELECT id FROM orders WHERE number = ?1").bind(number).first<{ id: number }>();
    expect((await documentsOf(row!.id)).map((d) => d.kind)).toContain("invoice");
    const mail = await lastMail(email);
    expect(mail.body_text).toMatch(new RegExp(`/cart/order/${number}/invoice\\?key=`));
    expect(mail.body_text.match(/^Noor Beauty$/gm)).toHaveLength(1);
    const page = await (await guest.get(`/cart/order/${number}`)).text();
    expect(linkText(page)).toBe("Tax invoice");
    expect(page).toContain("Thank you, ");
  });
});

describe("the desk's counts", () => {
  it("says 1 e-mail that failed and 2 e-mails that failed", async () => {
    await env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'failed'").run();
    const failed = env.DB.prepare(
      "INSERT INTO outbox (recipient, subject, body_text, kind, status) VALUES ('a@example.ae', 's', 't', 'test', 'failed')",
    );
    const { browser } = await signedIn("staff");
    const tile = async () =>
      (await (await browser.get("/staff")).text())
        .match(
          /<a href="\/staff\/outbox"><span class="staff-tile__count">(\d+)<\/span><span class="staff-tile__label">([^<]+)</,
        )
        ?.slice(1);
    await failed.run();
    expect(await tile()).toEqual(["1", "e-mail that failed"]);
    await failed.run();
    expect(await tile()).toEqual(["2", "e-mails that failed"]);
  });
});
