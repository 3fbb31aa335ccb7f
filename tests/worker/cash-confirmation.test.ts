import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONFIRM_WITHIN_MS } from "../../shared/cash-on-delivery";
import { translator } from "../../shared/i18n/translator";
import { refusalsStatement, waitingStatement } from "../../worker/platform/orders/cash-confirmation-store";
import { appRequest } from "./support/app-request";
import { register } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { countedSku, linesOfOrder, onHand, orderHolding } from "./support/held-order";
import { customer, productSlugs } from "./support/shop-fixtures";
import { auditOf, signedIn } from "./support/staff-session";

/**
 * Cash on delivery that arrives (docs/decisions/0118-cash-on-delivery-that-arrives.md): on the desk,
 * the cash orders waiting for the shopper's confirmation come first, each confirmed with an audited
 * action, and one waiting longer than 48 hours is marked (on a controlled clock); a shipped cash parcel
 * refused at the door gives its stock back and counts against the phone, and after two refusals that
 * phone is offered other ways to pay only, checked when the order is placed.
 */
afterEach(() => {
  vi.useRealTimers();
});

const plain = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&nbsp;", " ");

async function orderRow(number: string) {
  return (await env.DB.prepare("SELECT id, status, version, cod_confirmed_at FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ id: number; status: string; version: number; cod_confirmed_at: string | null }>())!;
}

/** The row of the waiting list that shows this order (the section above the list of every order). */
function waitingRow(html: string, number: string): string | null {
  const section = html.slice(html.indexOf('class="staff-waiting"'), html.indexOf("</section>"));
  const at = section.indexOf(`>${number}</a>`);
  return at < 0 ? null : section.slice(section.lastIndexOf("<tr>", at), section.indexOf("</tr>", at));
}

async function refusedOrder(phone: string) {
  const { number } = await orderHolding([{ sku: await countedSku(5), quantity: 1 }], { status: "new" });
  await env.DB.prepare("UPDATE orders SET status = 'refused', phone = ?2 WHERE number = ?1").bind(number, phone).run();
}

describe("cash orders to confirm with the shopper, on the desk", () => {
  it("come first, oldest first, marked after 48 hours, and are confirmed with an audited action", async () => {
    const older = await orderHolding([{ sku: await countedSku(5), quantity: 1 }], { status: "new" });
    const newer = await orderHolding([{ sku: await countedSku(5), quantity: 1 }], { status: "new" });
    const card = await orderHolding([{ sku: await countedSku(5), quantity: 1 }], { status: "paid" });
    await env.DB.prepare(
      "UPDATE orders SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour') WHERE id = ?1",
    )
      .bind(older.id)
      .run();
    const { browser } = await signedIn("staff");

    // An hour old: waiting, not yet marked. The card order is not in the waiting list.
    let html = plain(await (await browser.get("/staff/orders")).text());
    expect(html.indexOf(older.number)).toBeLessThan(html.indexOf(newer.number));
    expect(html.indexOf("Cash orders to confirm with the shopper")).toBeLessThan(html.indexOf(older.number));
    expect(waitingRow(html, card.number)).toBeNull();
    const row = waitingRow(html, older.number)!;
    expect(row).toContain("Confirmed with the shopper");
    expect(row).toContain(">Message on WhatsApp<");
    expect(row).not.toContain("Waiting over 48 h");

    // The clock moves on: past 48 hours the older one is marked, the newer one too once it is.
    vi.setSystemTime(Date.now() + CONFIRM_WITHIN_MS - 30 * 60_000);
    html = plain(await (await browser.get("/staff/orders")).text());
    expect(waitingRow(html, older.number)).toContain("Waiting over 48 h");
    expect(waitingRow(html, newer.number)).not.toContain("Waiting over 48 h");
    vi.setSystemTime(Date.now() + 60 * 60_000);
    html = plain(await (await browser.get("/staff/orders")).text());
    expect(waitingRow(html, newer.number)).toContain("Waiting over 48 h");
    vi.useRealTimers();

    // From another site: refused, nothing written.
    const { version } = await orderRow(older.number);
    const forged = await browser.post(
      `/staff/orders/${older.number}`,
      { action: "shopper-confirmed", version: String(version), from: "list" },
      { from: null, origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect((await orderRow(older.number)).cod_confirmed_at).toBeNull();

    // From an older copy of the page: refused, nothing written.
    const stale = await browser.post(
      `/staff/orders/${older.number}`,
      { action: "shopper-confirmed", version: String(version - 1), from: "list" },
      { from: null },
    );
    expect(stale.status).toBe(409);
    expect((await orderRow(older.number)).cod_confirmed_at).toBeNull();

    const done = await browser.post(
      `/staff/orders/${older.number}`,
      { action: "shopper-confirmed", version: String(version), from: "list" },
      { from: null },
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/staff/orders");
    const after = await orderRow(older.number);
    expect(after.cod_confirmed_at).not.toBeNull();
    expect(after.status).toBe("new");
    expect(after.version).toBe(version + 1);
    const audit = (await auditOf("order", older.number)).at(-1)!;
    expect(audit.action).toBe("shopper-confirmed");
    expect(audit.after).toEqual({ cashConfirmedAt: after.cod_confirmed_at });
    const event = await env.DB.prepare("SELECT kind, note FROM order_events WHERE order_id = ?1 ORDER BY id DESC")
      .bind(older.id)
      .first();
    expect(event).toEqual({ kind: "note", note: "Confirmed with the shopper" });

    html = plain(await (await browser.get("/staff/orders")).text());
    expect(html).toContain(`Order ${older.number}: confirmed with the shopper.`);
    expect(waitingRow(html, older.number)).toBeNull();
    expect(waitingRow(html, newer.number)).not.toBeNull();
    const page = plain(await (await browser.get(`/staff/orders/${older.number}`)).text());
    expect(page).toContain("Confirmed with the shopper");
    expect(page).toContain("confirmed it with the shopper");

    // Twice, or a card order: refused with a sentence.
    const twice = await browser.post(
      `/staff/orders/${older.number}`,
      { action: "shopper-confirmed", version: String(after.version) },
      { from: null },
    );
    expect(twice.status).toBe(422);
    expect(plain(await twice.text())).toContain("This order was confirmed with the shopper already.");
    const paid = await browser.post(
      `/staff/orders/${card.number}`,
      { action: "shopper-confirmed", version: String((await orderRow(card.number)).version) },
      { from: null },
    );
    expect(paid.status).toBe(422);
    expect(plain(await paid.text())).toContain("Only a cash-on-delivery order is confirmed with the shopper.");
  });

  it("reads the waiting orders and a phone's refusals through their own indexes", async () => {
    // The statements as the shop makes them, with the values they are bound to.
    const recorded = (make: (db: D1Database) => unknown) => {
      let made = { sql: "", params: [] as unknown[] };
      const db = {
        prepare: (sql: string) => ({
          bind: (...params: unknown[]) => {
            made = { sql, params };
            return {};
          },
        }),
      } as unknown as D1Database;
      make(db);
      return made;
    };
    const explain = async ({ sql, params }: { sql: string; params: unknown[] }) =>
      (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>()
      ).results
        .map((r) => r.detail)
        .join("; ");
    const waiting = recorded((db) => waitingStatement(db));
    const refusals = recorded((db) => refusalsStatement(db, "050 123 4567"));
    expect(await explain(waiting)).toContain("USING INDEX orders_cash_waiting");
    expect(await explain(waiting)).not.toContain("TEMP B-TREE");
    expect(await explain(refusals)).toMatch(/USING (COVERING )?INDEX orders_refused_phone/);
  });
});

describe("a parcel refused at the door", () => {
  it("is set after Shipped on a cash order only, asks first, and gives its stock back", async () => {
    const sku = await countedSku(10);
    const { number, id } = await orderHolding([{ sku, quantity: 3 }], { status: "new", delivery: "transport" });
    expect(await onHand(sku)).toBe(7);
    const { browser } = await signedIn("staff");
    const post = async (fields: Record<string, string>) =>
      browser.post(
        `/staff/orders/${number}`,
        { version: String((await orderRow(number)).version), ...fields },
        { from: null },
      );
    // Not before it is shipped.
    const early = await post({ action: "refuse", confirmed: "yes" });
    expect(early.status).toBe(422);
    expect(await onHand(sku)).toBe(7);
    await env.DB.prepare("UPDATE orders SET status = 'shipped', version = version + 1 WHERE id = ?1").bind(id).run();
    const page = plain(await (await browser.get(`/staff/orders/${number}`)).text());
    expect(page).toContain("Refused at the door");
    // Unticked, nothing is done.
    const unasked = await post({ action: "refuse" });
    expect(unasked.status).toBe(422);
    expect((await orderRow(number)).status).toBe("shipped");
    const done = await post({ action: "refuse", confirmed: "yes" });
    expect(done.status).toBe(303);
    expect((await orderRow(number)).status).toBe("refused");
    expect(await onHand(sku)).toBe(10);
    expect(await linesOfOrder(number)).toEqual([{ sku, quantity: 3, stock_taken: 0, stock_returned: 3 }]);
    const after = plain(await (await browser.get(`/staff/orders/${number}`)).text());
    expect(after).toContain("3 units went back to stock.");
    // The shopper is told, in the order's language.
    const mail = await env.DB.prepare(
      "SELECT subject, body_text FROM outbox WHERE recipient = (SELECT email FROM orders WHERE id = ?1) ORDER BY id DESC",
    )
      .bind(id)
      .first<{ subject: string; body_text: string }>();
    expect(mail?.subject).toBe(`Your Noor Beauty order ${number}: Refused at the door`);
    expect(mail?.body_text).toContain(translator("en").m.email.status.refused);
    expect((await auditOf("order", number)).at(-1)).toMatchObject({
      action: "refuse",
      before: { status: "shipped" },
      after: { status: "refused" },
    });
    // Nothing more: a second refusal gives nothing back.
    expect((await post({ action: "refuse", confirmed: "yes" })).status).toBe(422);
    expect(await onHand(sku)).toBe(10);
  });

  it("is not offered for a card order", async () => {
    const { number, id } = await orderHolding([{ sku: await countedSku(4), quantity: 1 }], {
      status: "paid",
      delivery: "transport",
    });
    await env.DB.prepare("UPDATE orders SET status = 'shipped' WHERE id = ?1").bind(id).run();
    const { browser } = await signedIn("staff");
    expect(plain(await (await browser.get(`/staff/orders/${number}`)).text())).not.toContain("Refused at the door");
    const res = await browser.post(
      `/staff/orders/${number}`,
      { action: "refuse", confirmed: "yes", version: String((await orderRow(number)).version) },
      { from: null },
    );
    expect(res.status).toBe(422);
    expect(plain(await res.text())).toContain("Only a cash-on-delivery parcel can be marked refused at the door.");
    expect((await orderRow(number)).status).toBe("shipped");
  });
});

describe("two refusals turn a phone to other ways to pay", () => {
  const cardEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_refusals", STRIPE_WEBHOOK_SECRET: "whsec_refusals" };

  async function place(prefix: "" | "/ar", phone: string, send?: ConstructorParameters<typeof Browser>[0]) {
    const shopper = new Browser(send);
    const [slug] = await productSlugs("in_stock", 1);
    await shopper.post(`${prefix}/cart/add`, { slug: slug!, quantity: "1" }, { from: null });
    return shopper.post(
      `${prefix}/cart/order`,
      { idempotencyKey: crypto.randomUUID(), ...customer, phone, delivery: "pickup" },
      { from: null },
    );
  }

  it("takes cash after one refusal, and after two says why in both languages and offers the card", async () => {
    // Written two ways: the refusals count the phone however it was typed (0083's phone_key).
    await refusedOrder("+971 55 700 1122");
    const once = await place("", "055 700 1122");
    expect(once.status).toBe(303);
    expect(once.headers.get("location")).toMatch(/^\/cart\/order\/NB-/);

    await refusedOrder("00971557001122");
    for (const prefix of ["", "/ar"] as const) {
      const t = translator(prefix ? "ar" : "en");
      const refused = await place(prefix, "055 700 1122", (path, init) =>
        appRequest(`https://shop.example${path}`, init, cardEnv),
      );
      expect(refused.status).toBe(422);
      const html = plain(await refused.text());
      expect(html).toContain(t.m.promotions.cashRefusedPhone);
      // Cash is closed both ways and the card chosen.
      expect(html).toMatch(/<input type="radio" disabled=""[^>]*value="cash"\/>/);
      expect(html).toContain('<input type="radio" name="payment" checked="" value="online"/>');
    }
    // Another phone still pays in cash.
    expect((await place("", "055 700 9999")).status).toBe(303);
  });

  it("says so before the form is sent when the checkout knows the phone: a signed-in shopper's", async () => {
    await refusedOrder("050 800 3344");
    await refusedOrder("+971508003344");
    const shopper = async (phone: string) => {
      const account = await register();
      await env.DB.prepare("UPDATE cms_users SET phone = ?2 WHERE id = ?1").bind(account.id, phone).run();
      const browser = new Browser();
      const login = { identifier: account.email, password: account.password };
      expect((await browser.post("/user/login", login, { from: null })).status).toBe(303);
      const [slug] = await productSlugs("in_stock", 1);
      await browser.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
      return browser;
    };
    const other = plain(await (await (await shopper("050 800 9999")).get("/cart/order")).text());
    expect(other).toContain('value="050 800 9999"');
    expect(other).not.toContain(translator("en").m.promotions.cashRefusedPhone);
    const browser = await shopper("0508003344");
    const html = plain(await (await browser.get("/cart/order")).text());
    expect(html).toContain(
      `<p class="field__hint for-transport" id="cash-refused-transport">${translator("en").m.promotions.cashRefusedPhone}</p>`,
    );
  });
});
