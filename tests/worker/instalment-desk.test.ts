import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { paymentTasksHealth } from "../../worker/platform/operations/health-status";
import { runPaymentTasks } from "../../worker/platform/payments/payment-tasks";
import { appRequest } from "./support/app-request";
import {
  deskMoves,
  fakeInstalmentsEachTest,
  instalmentEnv,
  placeInstalmentOrder,
  tasksOf,
} from "./support/instalment-orders";
import { auditOf, signedIn } from "./support/staff-session";

/**
 * Instalment orders on the staff desk (docs/decisions/0122-an-instalment-order-names-its-provider.md):
 * the list's payment filter knows Tabby and Tamara; a capture or refund the provider keeps refusing is
 * said on the order's page, with "Try again now" (checked, audited), and counted on the health page.
 */
const fake = fakeInstalmentsEachTest();

const send = (path: string, init?: RequestInit) => appRequest(`https://shop.example${path}`, init, instalmentEnv);

async function staff() {
  return (await signedIn("staff", send)).browser;
}

/** A Tabby order authorised by Tabby and marked shipped on the desk: its capture queued. */
async function shippedTabbyOrder() {
  const placed = await placeInstalmentOrder("tabby");
  const { id } = fake.forOrder(placed.number)!;
  fake.decide(id, "AUTHORIZED");
  const res = await send("/api/payments/tabby/webhook", {
    method: "POST",
    body: JSON.stringify({ id, status: "authorized" }),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(200);
  await deskMoves(placed.number, { action: "confirm", to: "processing" }, { action: "ship", to: "shipped" });
  return { ...placed, id };
}

async function versionOf(number: string): Promise<string> {
  return String(
    (await env.DB.prepare("SELECT version FROM orders WHERE number = ?1").bind(number).first<{ version: number }>())!
      .version,
  );
}

describe("the desk's payment filter", () => {
  it("offers Tabby and Tamara and lists only the orders paid with the one chosen", async () => {
    const tabby = await placeInstalmentOrder("tabby");
    const tamara = await placeInstalmentOrder("tamara");
    const browser = await staff();
    const form = await (await browser.get("/staff/orders")).text();
    expect(form).toContain('<option value="tabby">Tabby: 4 interest-free payments</option>');
    expect(form).toContain('<option value="tamara">Tamara: 4 interest-free payments</option>');
    const onlyTabby = await (await browser.get("/staff/orders?payment=tabby")).text();
    expect(onlyTabby).toContain(tabby.number);
    expect(onlyTabby).not.toContain(tamara.number);
    expect(onlyTabby).toContain('<option value="tabby" selected="">');
    const onlyTamara = await (await browser.get(`/staff/orders?payment=tamara&q=${tamara.number}`)).text();
    expect(onlyTamara).toContain(tamara.number);
    expect(await (await browser.get(`/staff/orders?payment=cash&q=${tamara.number}`)).text()).toContain(
      "No orders match.",
    );
  });
});

describe("a capture Tabby keeps refusing, on the desk", () => {
  it("is said on the order's page with its tries, last error and next try, and 'Try again now' settles it", async () => {
    const { number, id } = await shippedTabbyOrder();
    fake.failNext.capture = 3;
    const start = Date.now() + 1000;
    await runPaymentTasks(instalmentEnv, start);
    await runPaymentTasks(instalmentEnv, start + 5 * 60_000);
    await runPaymentTasks(instalmentEnv, start + 15 * 60_000);
    expect((await tasksOf(number))[0]).toMatchObject({ attempts: 3, done_at: null });
    const browser = await staff();
    const page = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(page).toMatch(
      /<strong>Capture with Tabby failed 3 times; last error: Tabby answered 503; next try at [^<]+\.<\/strong>/,
    );
    expect(page).toContain('name="action" value="payment-retry"');
    expect(page).toContain("Try again now");

    // From another site: refused before anything is tried.
    const calls = fake.callsTo(/captures$/).length;
    const forged = await browser.post(
      `/staff/orders/${number}`,
      { action: "payment-retry", version: await versionOf(number) },
      { from: null, origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect(fake.callsTo(/captures$/).length).toBe(calls);

    const res = await browser.post(
      `/staff/orders/${number}`,
      { action: "payment-retry", version: await versionOf(number) },
      { from: null },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/staff/orders/${number}`);
    expect((await tasksOf(number))[0]).toMatchObject({ attempts: 4, last_error: null });
    expect((await tasksOf(number))[0]!.done_at).not.toBeNull();
    expect(fake.payments.get(id)!.captures).toHaveLength(1);
    const audit = await auditOf("order", number);
    expect(audit.at(-1)).toMatchObject({
      action: "payment-retried",
      before: { payment: "capture failed 3 times" },
      after: { payment: "Capture with Tabby done." },
    });
    const after = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(after).toContain("Capture with Tabby done.");
    expect(after).toContain("Capture with Tabby done ");
    expect(after).not.toContain('value="payment-retry"');

    // Again, with nothing failing: said so, nothing asked of Tabby.
    const again = await browser.post(
      `/staff/orders/${number}`,
      { action: "payment-retry", version: await versionOf(number) },
      { from: null },
    );
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("Nothing to try again");
    expect(fake.callsTo(/captures$/).length).toBe(calls + 1);
  });

  it("keeps a failure that happens again, with its new count, and says so", async () => {
    const { number } = await shippedTabbyOrder();
    fake.failNext.capture = 2;
    await runPaymentTasks(instalmentEnv, Date.now() + 1000);
    const browser = await staff();
    const res = await browser.post(
      `/staff/orders/${number}`,
      { action: "payment-retry", version: await versionOf(number) },
      { from: null },
    );
    expect(res.status).toBe(303);
    expect((await tasksOf(number))[0]).toMatchObject({ attempts: 2, done_at: null, last_error: "Tabby answered 503" });
    const page = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(page).toContain("Capture with Tabby failed (2 times): Tabby answered 503 The cron tries again later.");
    expect(page).toContain("Capture with Tabby failed 2 times; last error: Tabby answered 503");
  });

  it("refuses 'Try again now' from an older copy of the page", async () => {
    const { number } = await shippedTabbyOrder();
    fake.failNext.capture = 1;
    await runPaymentTasks(instalmentEnv, Date.now() + 1000);
    const browser = await staff();
    const stale = String(Number(await versionOf(number)) - 1);
    const res = await browser.post(
      `/staff/orders/${number}`,
      { action: "payment-retry", version: stale },
      { from: null },
    );
    expect(res.status).toBe(409);
    expect((await tasksOf(number))[0]).toMatchObject({ attempts: 1, done_at: null });
  });
});

describe("failing payment tasks on the health page", () => {
  const NOW = Date.parse("2026-12-01T12:00:00Z");
  const ago = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

  it("good at 0, a look from 1, act from 5 or when one has failed for 24 h", () => {
    const rule = "good at 0; look from 1; act from 5, or when one has failed for 24 h";
    expect(paymentTasksHealth(0, null, NOW)).toEqual({ level: "green", word: "Good", threshold: rule });
    expect(paymentTasksHealth(1, ago(1), NOW)).toMatchObject({ level: "amber", word: "Look" });
    expect(paymentTasksHealth(4, ago(23), NOW)).toMatchObject({ level: "amber" });
    expect(paymentTasksHealth(5, ago(1), NOW)).toMatchObject({ level: "red", word: "Act" });
    expect(paymentTasksHealth(1, ago(24), NOW)).toMatchObject({ level: "red" });
  });

  it("counts the failing tasks beside the other lines, with the rule", async () => {
    const { number } = await shippedTabbyOrder();
    fake.failNext.capture = 1;
    await runPaymentTasks(instalmentEnv, Date.now() + 1000);
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM payment_tasks WHERE done_at IS NULL AND attempts > 0",
    ).first<{ n: number }>())!;
    expect(n).toBeGreaterThanOrEqual(1);
    const html = (await (await (await staff()).get("/staff/health")).text()).replaceAll("<!-- -->", "");
    const level = n >= 5 ? 'red">Act' : 'amber">Look';
    expect(html).toContain(
      `Instalment payments failing</th><td><span class="staff-health staff-health--${level}</span></td><td>${n} failing, the oldest queued`,
    );
    expect(html).toContain("good at 0; look from 1; act from 5, or when one has failed for 24 h");
    expect(number).toBeTruthy();
  });
});
