import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sha256, toHex } from "../../shared/bytes";
import { FLASH_COOKIE } from "../../shared/cookie-names";
import { mailboxOf } from "../../shared/mailbox";
import { httpMailAdapter } from "../../worker/platform/mail/http-mail-adapter";
import { parseHeaders } from "../../worker/platform/mail/mailer";
import { queueRestockAlerts, restockAlertStatements } from "../../worker/platform/stock/restock-alerts";
import { fetchWorker } from "./fetch";
import { register, sessionCookieHeader, uniqueIp, uniqueShopper } from "./support/auth-api";
import { startOfRateWindow } from "./support/rate-window";
import { signedIn } from "./support/staff-session";

/**
 * "Tell me when it's back" (docs/stock.md): double opt-in, one alert per confirmed
 * subscription on restock, unsubscribe, the form's refusals and limits. Each test takes a
 * shade of its own from the seeded catalogue and sets its stock, and a fresh address.
 */
const ORIGIN = "https://shop.example";

interface Shade {
  slug: string;
  category: string;
  productName: string;
  variantName: string;
  sku: string;
  itemName: string;
}

let taken = 0;

/** A shade the CMS sells (in stock by its word), not used by another test, with `onHand` on hand. */
async function aShade(onHand = 0): Promise<Shade> {
  const row = await env.DB.prepare(
    `SELECT p.slug, c.slug AS category, p.name AS product_name, v.name AS variant_name, v.sku
     FROM cms_product_variants v JOIN cms_products p ON p.id = v.product_id JOIN cms_categories c ON c.id = p.category_id
     WHERE v.kind = 'shade' AND COALESCE(v.availability, p.availability) = 'in_stock'
     ORDER BY v.id LIMIT 1 OFFSET ?1`,
  )
    .bind(taken++)
    .first<{ slug: string; category: string; product_name: string; variant_name: string; sku: string }>();
  if (!row) throw new Error("the seed has run out of shades");
  await setStock(row.sku, row.slug, onHand);
  return {
    slug: row.slug,
    category: row.category,
    productName: row.product_name,
    variantName: row.variant_name,
    sku: row.sku,
    itemName: `${row.product_name} — ${row.variant_name}`,
  };
}

async function setStock(sku: string, slug: string, onHand: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, ?3)
     ON CONFLICT (sku) DO UPDATE SET on_hand = excluded.on_hand`,
  )
    .bind(sku, slug, onHand)
    .run();
}

/** A page's text as a person reads it: React's separators gone, entities decoded. */
async function textOf(res: Response): Promise<string> {
  return (await res.text())
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

function anAddress(): string {
  return uniqueShopper("alert").email;
}

interface PostOptions {
  json?: boolean;
  ip?: string;
  cookie?: string;
  fields?: Record<string, string>;
}

function subscribe(shade: { slug: string; sku: string }, email: string, options: PostOptions = {}) {
  const headers: Record<string, string> = {
    origin: ORIGIN,
    "content-type": "application/x-www-form-urlencoded",
    "cf-connecting-ip": options.ip ?? uniqueIp(),
  };
  if (options.json) headers.accept = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  return fetchWorker("/stock-alerts", {
    method: "POST",
    headers,
    body: new URLSearchParams({ product: shade.slug, sku: shade.sku, email, ...options.fields }),
  });
}

interface MailRow {
  id: number;
  subject: string;
  body_text: string;
  kind: string;
  headers: string | null;
}

async function mailsTo(email: string, kind?: string): Promise<MailRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, subject, body_text, kind, headers FROM outbox WHERE recipient = ?1 AND (?2 IS NULL OR kind = ?2) ORDER BY id",
  )
    .bind(email, kind ?? null)
    .all<MailRow>();
  return results;
}

async function alertRow(email: string, sku: string) {
  return env.DB.prepare(
    "SELECT id, status, confirm_hash, unsubscribe_hash, user_id, item_name, product_path FROM stock_alerts WHERE email = ?1 AND sku = ?2 ORDER BY id DESC",
  )
    .bind(email, sku)
    .first<{
      id: number;
      status: string;
      confirm_hash: string;
      unsubscribe_hash: string | null;
      user_id: number | null;
      item_name: string;
      product_path: string;
    }>();
}

function linkIn(text: string, path: "confirm" | "unsubscribe"): string {
  const match = text.match(new RegExp(`${ORIGIN}/stock-alerts/${path}/([A-Za-z0-9_-]{43})`));
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return `/stock-alerts/${path}/${match[1]}`;
}

/** Subscribes and follows the confirmation link; answers the confirmed page's HTML. */
async function subscribeAndConfirm(shade: Shade, email: string): Promise<string> {
  expect((await subscribe(shade, email)).status).toBe(303);
  const [confirmation] = await mailsTo(email, "stock-alert-confirmation");
  const page = await fetchWorker(linkIn(confirmation!.body_text, "confirm"));
  expect(page.status).toBe(200);
  return textOf(page);
}

async function restock(shade: Shade, onHand = 3): Promise<number> {
  await setStock(shade.sku, shade.slug, onHand);
  return queueRestockAlerts(env.DB, [shade.sku], ORIGIN);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("subscribing", () => {
  it("queues only a confirmation e-mail and goes back to the shade with a message", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    const res = await subscribe(shade, email);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(
      `/catalog/${shade.category}/${shade.slug}?variant=${encodeURIComponent(shade.sku)}`,
    );
    // The product page it goes back to shows the message (the flash, filled in at the edge).
    const flash = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${FLASH_COOKIE}=`));
    const back = await fetchWorker(res.headers.get("location")!, { headers: { cookie: flash!.split(";")[0]! } });
    expect(await textOf(back)).toContain(
      `Check your inbox to confirm: we'll send you one e-mail when ${shade.itemName} is back.`,
    );

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe("stock-alert-confirmation");
    expect(mails[0]!.subject).toBe(`Confirm your alert for ${shade.itemName}`);
    const link = linkIn(mails[0]!.body_text, "confirm");

    const row = await alertRow(email, shade.sku);
    expect(row?.status).toBe("pending");
    expect(row?.item_name).toBe(shade.itemName);
    // Only the token's hash is kept.
    const token = link.split("/").pop()!;
    expect(row?.confirm_hash).toBe(toHex(await sha256(token)));
    const stored = await env.DB.prepare("SELECT * FROM stock_alerts WHERE id = ?1").bind(row!.id).first();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("answers an island with JSON and the same words", async () => {
    const shade = await aShade(0);
    const res = await subscribe(shade, anAddress(), { json: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      message: `Check your inbox to confirm: we'll send you one e-mail when ${shade.itemName} is back.`,
    });
  });

  it("keeps the account of a signed-in shopper with the subscription", async () => {
    const account = await register(uniqueShopper("alertee"));
    const shade = await aShade(0);
    const res = await subscribe(shade, account.email, { cookie: await sessionCookieHeader(account) });
    expect(res.status).toBe(303);
    expect((await alertRow(account.email, shade.sku))?.user_id).toBe(account.id);
  });

  it("sends the confirmation again at most once per 10 minutes, and answers the same every time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    vi.setSystemTime(start);
    const shade = await aShade(0);
    const email = anAddress();
    const answers: string[] = [];
    async function again(at: number): Promise<number> {
      vi.setSystemTime(at);
      const res = await subscribe(shade, email, { json: true });
      expect(res.status).toBe(200);
      answers.push(JSON.stringify(await res.json()));
      return (await mailsTo(email)).length;
    }
    expect(await again(start)).toBe(1);
    expect(await again(start + 1_000)).toBe(1);
    expect(await again(start + 599_000)).toBe(1);
    expect(await again(start + 599_999)).toBe(1);
    expect(await again(start + 600_000)).toBe(2);
    expect(await again(start + 600_001)).toBe(2);
    expect(await again(start + 1_199_999)).toBe(2);
    expect(await again(start + 1_200_000)).toBe(3);
    expect(new Set(answers).size).toBe(1);
    // Still one waiting subscription; the newest link is the one that works.
    const { results } = await env.DB.prepare("SELECT status FROM stock_alerts WHERE email = ?1").bind(email).all();
    expect(results).toEqual([{ status: "pending" }]);
    const [first, , latest] = await mailsTo(email);
    expect((await fetchWorker(linkIn(first!.body_text, "confirm"))).status).toBe(404);
    expect((await fetchWorker(linkIn(latest!.body_text, "confirm"))).status).toBe(200);
  });

  it("does not tell whether an address is already subscribed or confirmed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now());
    const shade = await aShade(0);
    const known = anAddress();
    await subscribeAndConfirm(shade, known);
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    const forKnown = await subscribe(shade, known, { json: true });
    const forNew = await subscribe(shade, anAddress(), { json: true });
    expect(forKnown.status).toBe(forNew.status);
    expect(await forKnown.json()).toEqual(await forNew.json());
    // The confirmed subscription stays confirmed: asking again does not undo it.
    expect((await alertRow(known, shade.sku))?.status).toBe("confirmed");
  });

  it("writes one subscription and one e-mail for two posts at the same moment", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    const answers = await Promise.all([subscribe(shade, email), subscribe(shade, email)]);
    expect(answers.map((res) => res.status)).toEqual([303, 303]);
    expect(await mailsTo(email)).toHaveLength(1);
    const { results } = await env.DB.prepare("SELECT id FROM stock_alerts WHERE email = ?1").bind(email).all();
    expect(results).toHaveLength(1);
  });

  it("thanks a bot that fills the hidden field and keeps nothing", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    const res = await subscribe(shade, email, { fields: { website: "https://spam.example" } });
    expect(res.status).toBe(303);
    expect(await mailsTo(email)).toEqual([]);
    expect(await alertRow(email, shade.sku)).toBeNull();
  });

  it("sends an address at most 10 confirmations an hour, and says the same after that", async () => {
    startOfRateWindow();
    const email = anAddress();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await subscribe(await aShade(0), email)).status);
    expect(answers).toEqual(Array(11).fill(303));
    expect(await mailsTo(email)).toHaveLength(10);
  });
});

describe("counting per inbox", () => {
  it("folds an address to its inbox: case, +tags, and Gmail's dots", () => {
    expect(mailboxOf("Bomb+1@Example.com")).toBe("bomb@example.com");
    expect(mailboxOf("bomb+a+b@example.com")).toBe("bomb@example.com");
    expect(mailboxOf("b.o.m.b@example.com")).toBe("b.o.m.b@example.com");
    expect(mailboxOf("B.o.m.b+x@gmail.com")).toBe("bomb@gmail.com");
    expect(mailboxOf("bo.mb@GoogleMail.com")).toBe("bomb@gmail.com");
    expect(mailboxOf("+tag@example.com")).toBe("+tag@example.com");
  });

  it("sends one inbox at most 10 confirmations an hour, however its address is spelt, from clients without cookies", async () => {
    startOfRateWindow();
    const name = uniqueShopper("bomb").username;
    const answers: number[] = [];
    for (let i = 1; i <= 15; i++) {
      const spelt = i % 2 === 0 ? `${name}+${i}@Example.com` : `${name}+${i}@example.com`;
      answers.push((await subscribe(await aShade(0), spelt)).status);
    }
    expect(answers).toEqual(Array(15).fill(303));
    const { results } = await env.DB.prepare("SELECT recipient FROM outbox WHERE lower(recipient) LIKE ?1")
      .bind(`${name}+%@example.com`)
      .all();
    expect(results).toHaveLength(10);
  });

  it("answers a visitor past their own limit the same whatever the address, asked for lately or not", async () => {
    startOfRateWindow();
    // A signed-in shopper: one visitor to the per-visitor limit (8 in 10 minutes).
    const { browser } = await signedIn("authenticated");
    const shade = await aShade(0);
    const asked = anAddress();
    // Someone else asked for this address a moment ago.
    expect((await subscribe(shade, asked)).status).toBe(303);
    const post = (email: string) =>
      browser.post(
        "/stock-alerts",
        { product: shade.slug, sku: shade.sku, email },
        { from: null, headers: { accept: "application/json" } },
      );
    for (let i = 0; i < 8; i++) expect((await post(anAddress())).status).toBe(200);
    const forAsked = await post(asked);
    const forOther = await post(anAddress());
    expect(forAsked.status).toBe(429);
    expect(forOther.status).toBe(429);
    expect(await forAsked.json()).toEqual(await forOther.json());
  });
});

describe("refusals", () => {
  it("refuses an e-mail that is not one with 422 and the message beside the field", async () => {
    const shade = await aShade(0);
    const page = await subscribe(shade, "rosewood@nowhere");
    expect(page.status).toBe(422);
    const html = await textOf(page);
    expect(html).toContain("Enter an e-mail address like name@example.com.");
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*value="rosewood@nowhere"|value="rosewood@nowhere"[^>]*aria-invalid/,
    );
    expect(html).toContain('action="/stock-alerts"');

    const json = await subscribe(shade, "", { json: true });
    expect(json.status).toBe(422);
    expect(await json.json()).toMatchObject({ ok: false, errors: { email: "Enter your e-mail address." } });
    expect(await alertRow("rosewood@nowhere", shade.sku)).toBeNull();
  });

  it("refuses a shade that is in stock with a message that says so", async () => {
    const shade = await aShade(4);
    const email = anAddress();
    const res = await subscribe(shade, email);
    expect(res.status).toBe(409);
    expect(await textOf(res)).toContain(`Good news: ${shade.itemName} is in stock now, so you can add it to your bag.`);
    const json = await subscribe(shade, email, { json: true });
    expect(await json.json()).toEqual({
      ok: false,
      message: `Good news: ${shade.itemName} is in stock now, so you can add it to your bag.`,
    });
    expect(await mailsTo(email)).toEqual([]);
  });

  it("refuses a SKU of another product", async () => {
    const shade = await aShade(0);
    const other = await aShade(0);
    const product = other.slug === shade.slug ? await aShade(0) : other;
    const email = anAddress();
    const res = await subscribe(
      { slug: shade.slug, sku: product.slug === shade.slug ? "NOPE-1" : product.sku },
      email,
      {
        json: true,
      },
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      ok: false,
      message: "This shade or size is not sold with this product. Please choose it again on the product page.",
    });
    const page = await subscribe({ slug: shade.slug, sku: "NOT-OURS-1" }, email);
    expect(page.status).toBe(422);
    expect(await textOf(page)).toContain("This shade or size is not sold with this product.");
    expect(await mailsTo(email)).toEqual([]);
  });

  it("answers 404 for a product the catalogue does not have", async () => {
    const res = await subscribe({ slug: "no-such-lipstick", sku: "NONE-1" }, anAddress());
    expect(res.status).toBe(404);
    expect(await textOf(res)).toContain("This product is no longer in our catalogue.");
  });

  it("answers 429 with the limit's message once the address has used its limit", async () => {
    startOfRateWindow();
    const ip = uniqueIp();
    const windowMs = 10 * 60 * 1000;
    const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
    await env.DB.prepare(
      "INSERT OR REPLACE INTO rate_limits (key, window_start, count, expires_at, ceiling) VALUES (?1, ?2, ?3, ?4, ?3)",
    )
      .bind(`route:POST /stock-alerts:${ip}`, windowStart, 400, windowStart + windowMs)
      .run();
    const shade = await aShade(0);
    const email = anAddress();
    const message = "You have sent many requests in a short time. Please wait 10 minutes and try again.";
    const page = await subscribe(shade, email, { ip });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBe(600);
    expect(await textOf(page)).toContain(message);
    const json = await subscribe(shade, email, { ip, json: true });
    expect(json.status).toBe(429);
    expect(await json.json()).toEqual({ ok: false, message });
    expect(await mailsTo(email)).toEqual([]);
  });

  it("refuses a post from another site", async () => {
    const shade = await aShade(0);
    const res = await fetchWorker("/stock-alerts", {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": uniqueIp(),
      },
      body: new URLSearchParams({ product: shade.slug, sku: shade.sku, email: anAddress() }),
    });
    expect(res.status).toBe(403);
  });
});

describe("confirming and restocking", () => {
  it("sends nothing on a restock before the address is confirmed", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    await subscribe(shade, email);
    expect(await restock(shade)).toBe(0);
    expect(await mailsTo(email, "restock-alert")).toEqual([]);
    expect((await alertRow(email, shade.sku))?.status).toBe("pending");
  });

  it("confirms with a calm page, then sends exactly one alert with an unsubscribe link when stock goes 0 → 3", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    const html = await subscribeAndConfirm(shade, email);
    expect(html).toContain(`We'll e-mail you once when ${shade.itemName} is back.`);
    expect(html).toContain('name="robots" content="noindex');
    expect((await alertRow(email, shade.sku))?.status).toBe("confirmed");

    expect(await restock(shade, 3)).toBe(1);
    const alerts = await mailsTo(email, "restock-alert");
    expect(alerts).toHaveLength(1);
    const alert = alerts[0]!;
    expect(alert.subject).toBe(`${shade.itemName} is back in stock`);
    expect(alert.body_text).toContain(`${ORIGIN}/catalog/${shade.category}/${shade.slug}?variant=`);
    const unsubscribe = linkIn(alert.body_text, "unsubscribe");
    expect(JSON.parse(alert.headers ?? "{}")).toEqual({
      "List-Unsubscribe": `<${ORIGIN}${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect((await alertRow(email, shade.sku))?.status).toBe("sent");

    // Stock sells out and comes back: the one alert was sent, nothing more.
    await setStock(shade.sku, shade.slug, 0);
    expect(await restock(shade, 5)).toBe(0);
    expect(await queueRestockAlerts(env.DB, [shade.sku], ORIGIN)).toBe(0);
    expect(await mailsTo(email, "restock-alert")).toHaveLength(1);
  });

  it("hands the alert's List-Unsubscribe headers to the mail API", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    await subscribeAndConfirm(shade, email);
    await restock(shade);
    const [row] = await mailsTo(email, "restock-alert");
    const sent: unknown[] = [];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response("{}", { status: 200 });
    });
    try {
      const adapter = httpMailAdapter({ apiKey: "key", from: "shop@example.ae", endpoint: "https://mail.test/emails" });
      await adapter.deliver({
        to: email,
        subject: row!.subject,
        text: row!.body_text,
        kind: row!.kind,
        headers: parseHeaders(row!.headers),
      });
    } finally {
      fetchSpy.mockRestore();
    }
    expect(sent).toEqual([
      expect.objectContaining({
        to: [email],
        headers: {
          "List-Unsubscribe": `<${ORIGIN}${linkIn(row!.body_text, "unsubscribe")}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      }),
    ]);
  });

  it("sends one e-mail when two restocks race", async () => {
    const shade = await aShade(0);
    const emails = [anAddress(), anAddress(), anAddress()];
    for (const email of emails) await subscribeAndConfirm(shade, email);
    await setStock(shade.sku, shade.slug, 3);
    const counts = await Promise.all([
      queueRestockAlerts(env.DB, [shade.sku], ORIGIN),
      queueRestockAlerts(env.DB, [shade.sku, shade.sku], ORIGIN),
      queueRestockAlerts(env.DB, [shade.sku], ORIGIN),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    for (const email of emails) expect(await mailsTo(email, "restock-alert")).toHaveLength(1);
  });

  it("queues the alerts with a stock write in one batch, and none when that write fails", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    await subscribeAndConfirm(shade, email);
    const raise = (by: number) =>
      env.DB.prepare("UPDATE stock_levels SET on_hand = on_hand + ?2 WHERE sku = ?1").bind(shade.sku, by);
    // Written before the stock: the statements themselves see 0 on hand and queue nothing.
    const before = await restockAlertStatements(env.DB, [shade.sku], ORIGIN);
    await env.DB.batch([...before, raise(0)]);
    expect(await mailsTo(email, "restock-alert")).toEqual([]);
    // A write that breaks the stock's CHECK fails the whole batch, alerts included.
    await expect(
      env.DB.batch([raise(2), raise(-5), ...(await restockAlertStatements(env.DB, [shade.sku], ORIGIN))]),
    ).rejects.toThrow();
    expect(await mailsTo(email, "restock-alert")).toEqual([]);
    expect((await alertRow(email, shade.sku))?.status).toBe("confirmed");
    await env.DB.batch([raise(2), ...(await restockAlertStatements(env.DB, [shade.sku], ORIGIN))]);
    expect(await mailsTo(email, "restock-alert")).toHaveLength(1);
    expect((await alertRow(email, shade.sku))?.status).toBe("sent");
  });

  it("sends the alert at once when the shade is back by the time the address is confirmed", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    await subscribe(shade, email);
    await setStock(shade.sku, shade.slug, 2);
    const [confirmation] = await mailsTo(email, "stock-alert-confirmation");
    const page = await fetchWorker(linkIn(confirmation!.body_text, "confirm"));
    expect(page.status).toBe(200);
    expect(await textOf(page)).toContain(`${shade.itemName} is in stock now`);
    expect(await mailsTo(email, "restock-alert")).toHaveLength(1);
  });

  it("sends nothing at confirmation for a shade the CMS keeps off sale and the shop does not count", async () => {
    const row = await env.DB.prepare(
      `SELECT p.slug, v.sku FROM cms_product_variants v JOIN cms_products p ON p.id = v.product_id
       WHERE p.availability = 'out_of_stock' AND v.availability IS NULL ORDER BY v.id LIMIT 1`,
    ).first<{ slug: string; sku: string }>();
    // Not counted: the CMS's flag is the truth (decision 0107); a count above 0 would sell it.
    await env.DB.prepare("DELETE FROM stock_levels WHERE sku = ?1").bind(row!.sku).run();
    const email = anAddress();
    expect((await subscribe(row!, email)).status).toBe(303);
    const [confirmation] = await mailsTo(email);
    const page = await fetchWorker(linkIn(confirmation!.body_text, "confirm"));
    expect(await textOf(page)).toContain("You're on the list");
    expect(await mailsTo(email, "restock-alert")).toEqual([]);
    expect((await alertRow(email, row!.sku))?.status).toBe("confirmed");
  });

  it("shows the same page when the confirmation link is followed twice, and sends nothing more", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    await subscribe(shade, email);
    const [confirmation] = await mailsTo(email);
    const link = linkIn(confirmation!.body_text, "confirm");
    expect((await fetchWorker(link)).status).toBe(200);
    const second = await fetchWorker(link);
    expect(second.status).toBe(200);
    expect(await textOf(second)).toContain(`We'll e-mail you once when ${shade.itemName} is back.`);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe("unsubscribing", () => {
  it("asks on the link and stops the alert on the button, so a restock sends nothing", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    const confirmed = await subscribeAndConfirm(shade, email);
    const cancel = confirmed.match(/href="(\/stock-alerts\/unsubscribe\/[A-Za-z0-9_-]{43})"/)?.[1];
    expect(cancel).toBeDefined();

    const ask = await fetchWorker(cancel!);
    expect(ask.status).toBe(200);
    expect(ask.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(ask.headers.get("cache-control")).toBe("private, no-store");
    expect(await ask.text()).toContain(`action="${cancel}"`);
    // Opening the link (a mail scanner does) changes nothing.
    expect((await alertRow(email, shade.sku))?.status).toBe("confirmed");

    const done = await fetchWorker(cancel!, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() },
      body: "",
    });
    expect(done.status).toBe(200);
    expect(await textOf(done)).toContain(`We will not e-mail you about ${shade.itemName}.`);
    expect((await alertRow(email, shade.sku))?.status).toBe("unsubscribed");
    expect(await restock(shade)).toBe(0);
    expect(await mailsTo(email, "restock-alert")).toEqual([]);
  });

  it("takes a mail provider's one-click POST from the alert (RFC 8058), which carries no Origin", async () => {
    const shade = await aShade(0);
    const email = anAddress();
    await subscribeAndConfirm(shade, email);
    await restock(shade);
    const [alert] = await mailsTo(email, "restock-alert");
    const res = await fetchWorker(linkIn(alert!.body_text, "unsubscribe"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect((await alertRow(email, shade.sku))?.status).toBe("unsubscribed");
  });
});

describe("links that are not ours", () => {
  it.each([
    ["a confirmation token that does not exist", `/stock-alerts/confirm/${"A".repeat(43)}`],
    ["a malformed confirmation token", "/stock-alerts/confirm/not-a-token"],
    ["an unsubscribe token that does not exist", `/stock-alerts/unsubscribe/${"B".repeat(43)}`],
  ])("answers %s with a 404 page", async (_, path) => {
    const res = await fetchWorker(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await textOf(res)).toContain("This link is not valid");
  });

  it("answers a one-click POST with an unknown token with 404", async () => {
    const res = await fetchWorker(`/stock-alerts/unsubscribe/${"C".repeat(43)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(404);
  });
});

describe("the form on the product page", () => {
  async function soldOutProduct(): Promise<{ path: string; name: string }> {
    const row = await env.DB.prepare(
      `SELECT p.slug, p.name, c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id
       WHERE p.availability = 'out_of_stock' AND NOT EXISTS (
         SELECT 1 FROM cms_product_variants v WHERE v.product_id = p.id
           AND COALESCE(v.availability, p.availability) IN ('in_stock', 'prepurchase'))
       ORDER BY p.id LIMIT 1`,
    ).first<{ slug: string; name: string; category: string }>();
    if (!row) throw new Error("the seed has no sold-out product");
    return { path: `/catalog/${row.category}/${row.slug}`, name: row.name };
  }

  it("offers the alert on a sold-out product, its e-mail filled in for a signed-in shopper only", async () => {
    const product = await soldOutProduct();
    const anonymous = await textOf(await fetchWorker(product.path));
    expect(anonymous).toContain("Tell me when it's back");
    expect(anonymous).toMatch(/<input[^>]*data-hole="alert-email"/);
    expect(anonymous).not.toMatch(/<input[^>]*data-hole="alert-email"[^>]*value=/);

    const account = await register(uniqueShopper("prefill"));
    const signedIn = await (
      await fetchWorker(product.path, { headers: { cookie: await sessionCookieHeader(account) } })
    ).text();
    const input = signedIn.match(/<input[^>]*data-hole="alert-email"[^>]*>/)?.[0] ?? "";
    expect(input).toContain(`value="${account.email}"`);
  });
});
