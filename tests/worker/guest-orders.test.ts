import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { phoneDigits } from "../../worker/platform/orders/order-access";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { startOfRateWindow } from "./support/rate-window";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * A guest's way back to their order (decision 0112): the key in the order e-mails' link opens the
 * order page in any browser, and the order lookup finds it by number and e-mail or phone.
 */

/** A guest's cash order placed in `prefix`'s language; its number, e-mail and the confirmation's link. */
async function guestOrder(prefix = "", overrides: Record<string, string> = {}) {
  const [slug] = await productSlugs();
  const guest = new Browser();
  expect((await guest.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
  const email = `Guest.${crypto.randomUUID().slice(0, 8)}@Example.ae`;
  const res = await guest.post(
    `${prefix}/cart/order`,
    { ...customer, email, idempotencyKey: crypto.randomUUID(), ...overrides },
    { from: null },
  );
  expect(res.status).toBe(303);
  const number = res.headers.get("location")!.split("/").pop()!;
  await drawMail();
  const mail = await env.DB.prepare(
    "SELECT body_text, body_html FROM outbox WHERE lower(recipient) = lower(?1) AND kind = ?2",
  )
    .bind(email, "order-confirmation")
    .first<{ body_text: string; body_html: string }>();
  const link = mail!.body_text.match(/https:\/\/shop\.example\S*\/cart\/order\/NB-[^\s]+/)?.[0];
  return { number, email, guest, link: link!, mail: mail! };
}

async function tokenOf(number: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT access_token FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ access_token: string | null }>();
  return row!.access_token;
}

/** The sentence above the form, or null. */
function alertOf(html: string): string | null {
  return html.match(/role="alert"><p>([^<]*)<\/p>/)?.[1] ?? null;
}

describe("the order e-mail's key", () => {
  it("opens the order in a browser that did not place it; a wrong key is the same 404 as an unknown order", async () => {
    const { number, link, mail } = await guestOrder();
    const token = await tokenOf(number);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link).toBe(`https://shop.example/cart/order/${number}?key=${token}`);
    expect(mail.body_html).toContain(`href="${link}"`);

    const stranger = new Browser();
    expect((await stranger.get(`/cart/order/${number}`)).status).toBe(404);
    const opened = await stranger.get(link.replace("https://shop.example", ""));
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(number);
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(opened.headers.get("x-robots-tag")).toContain("noindex");

    const wrongKey = `${token!.slice(0, -1)}${token!.endsWith("A") ? "B" : "A"}`;
    const wrong = await stranger.get(`/cart/order/${number}?key=${wrongKey}`);
    const unknown = await stranger.get(`/cart/order/NB-2612-ZZZZZZ?key=${token}`);
    expect(wrong.status).toBe(404);
    expect(unknown.status).toBe(404);
    const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
    expect(title(await wrong.text())).toBe(title(await unknown.text()));
    expect(wrong.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("links an Arabic order's e-mail to the Arabic order page", async () => {
    const { number, link } = await guestOrder("/ar");
    expect(link).toBe(`https://shop.example/ar/cart/order/${number}?key=${await tokenOf(number)}`);
    const page = await new Browser().get(link.replace("https://shop.example", ""));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('dir="rtl"');
  });

  it("gives an order from before keys were kept a key with the staff's status e-mail, which links it", async () => {
    const { number, email } = await guestOrder();
    await env.DB.prepare("UPDATE orders SET access_token = NULL WHERE number = ?1").bind(number).run();
    const { browser: staff } = await signedIn("staff");
    const version = await env.DB.prepare("SELECT version FROM orders WHERE number = ?1")
      .bind(number)
      .first<number>("version");
    const res = await staff.post(
      `/staff/orders/${number}`,
      { action: "confirm", version: String(version) },
      { from: null },
    );
    expect(res.status).toBe(303);
    const token = await tokenOf(number);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await drawMail();
    const status = await env.DB.prepare(
      "SELECT body_text FROM outbox WHERE lower(recipient) = lower(?1) AND kind = 'order-status'",
    )
      .bind(email)
      .first<string>("body_text");
    expect(status).toContain(`https://shop.example/cart/order/${number}?key=${token}`);
  });
});

describe("the order lookup", () => {
  it("finds an order by number and e-mail in any case, and goes to the page with its key", async () => {
    const { number, email } = await guestOrder();
    const guest = new Browser();
    const page = await guest.get("/order-lookup");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Find your order");
    expect(html).toContain('name="contact"');
    const res = await guest.post(
      "/order-lookup",
      { number: ` ${number.toLowerCase()} `, contact: email.toUpperCase() },
      { from: null },
    );
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/cart/order/${number}?key=${await tokenOf(number)}`);
    expect((await guest.get(location)).status).toBe(200);
  });

  it("finds an order whose number is typed without its dashes, in lower case or with spaces", async () => {
    const { number, email } = await guestOrder();
    const bare = number.replaceAll("-", "");
    for (const typed of [bare, bare.toLowerCase(), ` ${bare.slice(0, 2)} ${bare.slice(2, 6)} ${bare.slice(6)} `]) {
      const guest = new Browser();
      await guest.get("/order-lookup");
      const res = await guest.post("/order-lookup", { number: typed, contact: email }, { from: null });
      expect(res.status, typed).toBe(303);
      expect(res.headers.get("location")).toBe(`/cart/order/${number}?key=${await tokenOf(number)}`);
    }
  });

  it("gives the same answer for a wrong number and a wrong e-mail or phone, in the page's language", async () => {
    const { number, email } = await guestOrder();
    const guest = new Browser();
    await guest.get("/order-lookup");
    const otherNumber = number.replace(/.$/, (ch) => (ch === "2" ? "3" : "2"));
    const answers = await Promise.all([
      guest.post("/order-lookup", { number: otherNumber, contact: email }, { from: null }),
      guest.post("/order-lookup", { number, contact: "someone.else@example.ae" }, { from: null }),
      guest.post("/order-lookup", { number, contact: "050 999 9999" }, { from: null }),
      guest.post("/order-lookup", { number: "not a number", contact: email }, { from: null }),
    ]);
    const sentences = await Promise.all(answers.map(async (r) => [r.status, alertOf(await r.text())]));
    for (const answer of sentences) {
      expect(answer).toEqual([
        422,
        "We found no order with that number and e-mail or phone. Please check both and try again.",
      ]);
    }
    const arabic = await guest.post("/ar/order-lookup", { number: otherNumber, contact: email }, { from: null });
    expect(arabic.status).toBe(422);
    expect(alertOf(await arabic.text())).toBe(
      "لم نجد طلبًا بهذا الرقم وهذا البريد الإلكتروني أو الهاتف. يُرجى التحقق منهما والمحاولة مرة أخرى.",
    );
    const empty = await guest.post("/order-lookup", { number: "", contact: "" }, { from: null });
    expect(empty.status).toBe(422);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("Please enter your order number.");
    expect(emptyHtml).toContain("Please enter the e-mail or phone you ordered with.");
  });

  it("matches a UAE phone by its digits, whichever way it is written", async () => {
    expect(phoneDigits("+971 50 123 4567")).toBe("0501234567");
    expect(phoneDigits("00971501234567")).toBe("0501234567");
    const { number } = await guestOrder("", { phone: "050 123 4567" });
    for (const contact of ["+971501234567", "971 50 123 4567", "0501234567", "(050) 123-4567"]) {
      const guest = new Browser();
      await guest.get("/order-lookup");
      const res = await guest.post("/order-lookup", { number, contact }, { from: null });
      expect(res.status, contact).toBe(303);
    }
    const guest = new Browser();
    await guest.get("/order-lookup");
    expect((await guest.post("/order-lookup", { number, contact: "0501234568" }, { from: null })).status).toBe(422);
  });

  it("gives an order from before keys were kept a key when it is looked up", async () => {
    const { number, email } = await guestOrder();
    await env.DB.prepare("UPDATE orders SET access_token = NULL WHERE number = ?1").bind(number).run();
    const guest = new Browser();
    await guest.get("/order-lookup");
    const res = await guest.post("/order-lookup", { number, contact: email }, { from: null });
    expect(res.status).toBe(303);
    const token = await tokenOf(number);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.headers.get("location")).toBe(`/cart/order/${number}?key=${token}`);
  });

  it("allows ten tries per visitor in ten minutes, then answers 429 with a sentence", async () => {
    startOfRateWindow();
    const { number, email } = await guestOrder();
    const guest = new Browser();
    await guest.get("/order-lookup");
    for (let i = 0; i < 10; i++) {
      const res = await guest.post("/order-lookup", { number, contact: `wrong${i}@example.ae` }, { from: null });
      expect(res.status).toBe(422);
    }
    const refused = await guest.post("/order-lookup", { number, contact: email }, { from: null });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(alertOf(await refused.text())).toMatch(
      /^You have sent many requests in a short time\. Please wait \d+ minutes? and try again\.$/,
    );
  });

  it("refuses a post from another site", async () => {
    const { number, email } = await guestOrder();
    const guest = new Browser();
    await guest.get("/order-lookup");
    const res = await guest.post(
      "/order-lookup",
      { number, contact: email },
      { from: null, origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
  });

  it("is linked from the sign-in page and the footer", async () => {
    const login = await (await new Browser().get("/user/login")).text();
    expect(login).toContain('href="/order-lookup"');
    const home = await (await new Browser().get("/ar")).text();
    expect(home).toContain('href="/ar/order-lookup"');
  });
});
