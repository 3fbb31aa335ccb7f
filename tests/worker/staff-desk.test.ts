import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";
import { setRole, signedIn } from "./support/staff-session";

/**
 * The staff desk (decision 0074): only accounts the CMS gives the Staff role get in, on every
 * request; orders move through one state machine, each change with its e-mail, history and
 * audit row; a save from an older copy of the page is refused.
 */
/** A guest's cash order through the shop's own forms; its number and the guest's browser. */
async function placedOrder(overrides: Record<string, string> = {}) {
  const [slug] = await productSlugs();
  const guest = new Browser();
  expect((await guest.post("/cart/add", { slug: slug!, quantity: "2" }, { from: null })).status).toBe(303);
  const email = `guest.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  const res = await guest.post(
    "/cart/order",
    { ...customer, email, idempotencyKey: crypto.randomUUID(), ...overrides },
    { from: null },
  );
  expect(res.status).toBe(303);
  const number = res.headers.get("location")!.split("/").pop()!;
  return { number, guest, email };
}

async function orderRow(number: string) {
  return env.DB.prepare("SELECT id, status, version, carrier, tracking_number FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ id: number; status: string; version: number; carrier: string | null; tracking_number: string | null }>();
}

async function act(browser: Browser, number: string, fields: Record<string, string>) {
  const version = String((await orderRow(number))!.version);
  return browser.post(`/staff/orders/${number}`, { version, ...fields }, { from: null });
}

async function mailsTo(email: string) {
  const { results } = await env.DB.prepare("SELECT subject, body_text FROM outbox WHERE recipient = ?1 ORDER BY id")
    .bind(email)
    .all<{ subject: string; body_text: string }>();
  return results;
}

const PAGES = ["/staff", "/staff/orders", "/staff/orders.csv", "/staff/orders/NB-2611-AAAAAA"];

describe("who may enter the staff desk", () => {
  it("sends a visitor to sign in, from every page and action, and changes nothing", async () => {
    const { number } = await placedOrder();
    const visitor = new Browser();
    for (const path of [...PAGES, `/staff/orders/${number}`]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(`/user/login?redirect=${encodeURIComponent(path)}`);
    }
    const post = await visitor.post(`/staff/orders/${number}`, { action: "confirm", version: "1" }, { from: null });
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toMatch(/^\/user\/login/);
    expect((await orderRow(number))!.status).toBe("new");
  });

  it("refuses a shopper with a 403 and a message, on every page and action, and changes nothing", async () => {
    const { number, email } = await placedOrder();
    const { browser } = await signedIn("authenticated");
    for (const path of [...PAGES, `/staff/orders/${number}`]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(403);
      const html = await res.text();
      expect(html).toContain("This page is for the shop&#x27;s staff");
      // The number is in the page's own URL (canonical); nothing of the order itself is shown.
      expect(html).not.toContain(email);
      expect(html).not.toContain("Confirm order");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    const post = await act(browser, number, { action: "confirm" });
    expect(post.status).toBe(403);
    expect((await orderRow(number))!.status).toBe("new");
  });

  it("refuses a staff member on the very next request once the role is taken back", async () => {
    const { account, browser } = await signedIn("staff");
    const desk = await browser.get("/staff");
    expect(desk.status).toBe(200);
    expect(desk.headers.get("x-robots-tag")).toContain("noindex");
    expect(await desk.text()).toContain('<meta name="robots" content="noindex');
    await setRole(account.id, "authenticated");
    expect((await browser.get("/staff")).status).toBe(403);
  });

  it("keeps /staff out of search engines", async () => {
    const robots = await (await new Browser().get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /staff");
  });
});

describe("the desk's overview", () => {
  it("opens today's orders, in Dubai's day, from the count of orders placed today", async () => {
    const { number } = await placedOrder();
    const { browser } = await signedIn("staff");
    const overview = (await (await browser.get("/staff")).text()).replaceAll("&amp;", "&");
    const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
    const link = overview.match(/href="(\/staff\/orders\?[^"]*)"[^>]*>(?:(?!<\/a>).)*placed today/s)?.[1];
    expect(link).toBe(`/staff/orders?from=${today}`);
    expect(await (await browser.get(link!)).text()).toContain(number);
  });
});

describe("an order through the desk", () => {
  it("is confirmed, shipped with a tracking number and delivered; each step e-mails the shopper, with history and audit", async () => {
    const { number, guest, email } = await placedOrder();
    const { browser, account } = await signedIn("staff");
    const page = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(page).toContain("Confirm order");
    expect(page).toContain("Cancel order");
    expect(page).not.toContain("Mark as shipped");

    const confirmed = await act(browser, number, { action: "confirm" });
    expect(confirmed.status).toBe(303);
    expect((await orderRow(number))!.status).toBe("processing");
    // A cash order leaves once confirmed with the shopper (decision 0132).
    expect((await act(browser, number, { action: "shopper-confirmed" })).status).toBe(303);

    // Shipping asks for the carrier and the tracking number.
    const incomplete = await act(browser, number, { action: "ship", carrier: "", trackingNumber: "" });
    expect(incomplete.status).toBe(422);
    const form = await incomplete.text();
    expect(form).toContain("Choose the carrier from the list.");
    expect(form).toContain("Enter the tracking number.");
    expect((await orderRow(number))!.status).toBe("processing");

    expect(
      (await act(browser, number, { action: "ship", carrier: "aramex", trackingNumber: "AX123456789" })).status,
    ).toBe(303);
    const shipped = (await orderRow(number))!;
    expect(shipped).toMatchObject({ status: "shipped", carrier: "Aramex", tracking_number: "AX123456789" });

    // The shopper's own page shows it.
    const own = await (await guest.get(`/cart/order/${number}`)).text();
    expect(own).toContain("Shipped");
    expect(own).toContain("AX123456789");

    expect((await act(browser, number, { action: "deliver" })).status).toBe(303);
    expect((await orderRow(number))!.status).toBe("completed");

    const mails = await mailsTo(email);
    const statusMails = mails.filter((mail) => mail.subject.includes(`${number}:`));
    expect(statusMails.map((mail) => mail.subject)).toEqual([
      `Your Noor Beauty order ${number}: Confirmed`,
      `Your Noor Beauty order ${number}: Shipped`,
      `Your Noor Beauty order ${number}: Delivered`,
    ]);
    expect(statusMails[1]!.body_text).toContain("Tracking number: AX123456789");

    const { results: events } = await env.DB.prepare(
      "SELECT to_status, actor_id FROM order_events WHERE order_id = ?1 ORDER BY id",
    )
      .bind(shipped.id)
      .all<{ to_status: string; actor_id: number }>();
    expect(events).toEqual([
      { to_status: "processing", actor_id: account.id },
      { to_status: null, actor_id: account.id },
      { to_status: "shipped", actor_id: account.id },
      { to_status: "completed", actor_id: account.id },
    ]);
    const { results: audit } = await env.DB.prepare(
      "SELECT action, before_json, after_json FROM staff_audit WHERE record_kind = 'order' AND record_id = ?1 ORDER BY id",
    )
      .bind(number)
      .all<{ action: string; before_json: string; after_json: string }>();
    expect(audit.map((row) => row.action)).toEqual(["confirm", "shopper-confirmed", "ship", "deliver"]);
    expect(JSON.parse(audit[2]!.before_json)).toMatchObject({ status: "processing", trackingNumber: null });
    expect(JSON.parse(audit[2]!.after_json)).toMatchObject({ status: "shipped", trackingNumber: "AX123456789" });
    const desk = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(desk).toContain("Nothing more to do with this order.");
    expect(desk).toContain("AX123456789");
  });

  it("refuses what the state machine does not allow, with a message, and changes nothing", async () => {
    const { browser } = await signedIn("staff");
    const { number } = await placedOrder();
    for (const action of ["ship", "deliver"]) {
      const res = await act(browser, number, { action, carrier: "aramex", trackingNumber: "X1" });
      expect(res.status).toBe(422);
      expect(await res.text()).toContain("is not possible for an order that is new");
    }
    await act(browser, number, { action: "confirm" });
    await act(browser, number, { action: "shopper-confirmed" });
    await act(browser, number, { action: "ship", carrier: "aramex", trackingNumber: "X2" });
    const cancelShipped = await act(browser, number, { action: "cancel", confirmed: "yes", reason: "Changed mind" });
    expect(cancelShipped.status).toBe(422);
    expect(await cancelShipped.text()).toContain("A shipped or delivered order cannot be cancelled here.");
    expect((await orderRow(number))!.status).toBe("shipped");

    // An unpaid card order cannot be confirmed; it can be cancelled, with a reason the shopper is told.
    const card = await placedOrder();
    await env.DB.prepare("UPDATE orders SET status = 'awaiting_payment', payment_method = 'online' WHERE number = ?1")
      .bind(card.number)
      .run();
    const confirmUnpaid = await act(browser, card.number, { action: "confirm" });
    expect(confirmUnpaid.status).toBe(422);
    expect(await confirmUnpaid.text()).toContain("This card order is not paid yet");
    expect((await act(browser, card.number, { action: "cancel", confirmed: "yes", reason: "" })).status).toBe(422);
    // A cancel e-mails the shopper and gives stock back: unticked, the desk asks first and does nothing.
    const unasked = await act(browser, card.number, { action: "cancel", reason: "Out of stock" });
    expect(unasked.status).toBe(422);
    expect(await unasked.text()).toContain(
      "Nothing was done: tick “Yes, cancel this order: the shopper is e-mailed” to go ahead.",
    );
    expect((await orderRow(card.number))!.status).not.toBe("cancelled");
    expect(
      (await act(browser, card.number, { action: "cancel", confirmed: "yes", reason: "Out of stock" })).status,
    ).toBe(303);
    expect((await orderRow(card.number))!.status).toBe("cancelled");
    const [mail] = (await mailsTo(card.email)).filter((m) => m.subject.endsWith(": Cancelled"));
    expect(mail!.body_text).toContain("Reason given: “Out of stock”");
    const again = await act(browser, card.number, { action: "confirm" });
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("This order is cancelled");
  });

  it("refuses the second of two staff saving the same order: changed by … meanwhile, nothing overwritten", async () => {
    const { number, email } = await placedOrder();
    const first = await signedIn("staff");
    const second = await signedIn("staff");
    const seen = String((await orderRow(number))!.version);
    const confirmed = await first.browser.post(
      `/staff/orders/${number}`,
      { action: "confirm", version: seen },
      { from: null },
    );
    expect(confirmed.status).toBe(303);
    const stale = await second.browser.post(
      `/staff/orders/${number}`,
      { action: "cancel", confirmed: "yes", reason: "Duplicate", version: seen },
      { from: null },
    );
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(`This order was changed by ${first.account.username} meanwhile.`);
    expect((await orderRow(number))!.status).toBe("processing");
    expect((await mailsTo(email)).filter((m) => m.subject.endsWith(": Cancelled"))).toHaveLength(0);
  });

  it("keeps an internal note in the history, for staff only", async () => {
    const { number, guest } = await placedOrder();
    const { browser } = await signedIn("staff");
    expect((await act(browser, number, { action: "note", note: "" })).status).toBe(422);
    expect((await act(browser, number, { action: "note", note: "Customer asked for an evening call." })).status).toBe(
      303,
    );
    expect(await (await browser.get(`/staff/orders/${number}`)).text()).toContain(
      "Customer asked for an evening call.",
    );
    expect(await (await guest.get(`/cart/order/${number}`)).text()).not.toContain("evening call");
    expect((await orderRow(number))!.status).toBe("new");
  });
});

describe("the order list", () => {
  it("finds orders by number, e-mail, phone, name and status", async () => {
    const lastName = `Qasimi${crypto.randomUUID().slice(0, 6)}`;
    const { number, email } = await placedOrder({ phone: "050 765 4321", firstName: "Shamma", lastName });
    const { browser } = await signedIn("staff");
    const phones = ["0507654321", "+971 50 765 4321", "00971507654321"];
    // Names by the start of the full name or of the last name, in any case.
    const names = [`shamma ${lastName.slice(0, 8)}`, lastName.toUpperCase()];
    for (const q of [number, number.toLowerCase(), email.toUpperCase(), ...phones, ...names]) {
      const html = await (await browser.get(`/staff/orders?q=${encodeURIComponent(q)}`)).text();
      expect(html, q).toContain(`/staff/orders/${number}`);
    }
    await act(browser, number, { action: "confirm" });
    expect(await (await browser.get("/staff/orders?status=processing")).text()).toContain(number);
    expect(await (await browser.get(`/staff/orders?status=new&q=${number}`)).text()).toContain("No orders match.");
  });

  it("exports what the filter shows as CSV, a cell that starts like a formula made harmless", async () => {
    const { number } = await placedOrder();
    await env.DB.prepare("UPDATE orders SET first_name = '=HYPERLINK(\"http://evil.example\")' WHERE number = ?1")
      .bind(number)
      .run();
    const { browser } = await signedIn("staff");
    const res = await browser.get(`/staff/orders.csv?q=${number}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const csv = await res.text();
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${number}"`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    // Each item with its variant's name and SKU, as the warehouse picks it.
    const { results } = await env.DB.prepare(
      "SELECT l.quantity, l.name, l.sku FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.number = ?1 ORDER BY position",
    )
      .bind(number)
      .all<{ quantity: number; name: string; sku: string }>();
    expect(results.length).toBeGreaterThan(0);
    for (const line of results) expect(lines[1]).toContain(`${line.quantity} × ${line.name} [${line.sku}]`);
  });
});
