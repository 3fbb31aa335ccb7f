import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { documentsOf, setSeller } from "./support/invoice-orders";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * A Local Pickup order on the staff desk (docs/decisions/0128-local-pickup-path-and-guest-orders-on-a-proven-e-mail.md):
 * confirmed, then "Ready for collection" (the shopper e-mailed where and when, in their language), then
 * "Collected" (a cash order's invoice issued, as Delivered issues it); never a carrier or a tracking number.
 */
async function pickupOrder(locale: "en" | "ar" = "en") {
  const [slug] = await productSlugs();
  const guest = new Browser();
  expect((await guest.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
  const email = `pickup.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  const res = await guest.post(
    locale === "ar" ? "/ar/cart/order" : "/cart/order",
    { ...customer, email, delivery: "pickup", address: "", city: "", region: "", idempotencyKey: crypto.randomUUID() },
    { from: null },
  );
  expect(res.status).toBe(303);
  const number = res.headers.get("location")!.split("/").pop()!.split("?")[0]!;
  return { number, guest, email };
}

async function orderRow(number: string) {
  return (await env.DB.prepare("SELECT id, status, version, carrier, tracking_number FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ id: number; status: string; version: number; carrier: string | null; tracking_number: string | null }>())!;
}

async function act(browser: Browser, number: string, fields: Record<string, string>) {
  const version = String((await orderRow(number)).version);
  return browser.post(`/staff/orders/${number}`, { version, ...fields }, { from: null });
}

async function statusMails(email: string, number: string) {
  const { results } = await env.DB.prepare("SELECT subject, body_text FROM outbox WHERE recipient = ?1 ORDER BY id")
    .bind(email)
    .all<{ subject: string; body_text: string }>();
  return results.filter((mail) => mail.subject.includes(number) && mail.subject.includes(":"));
}

const PLACE = "Noor Beauty, Shop 4, City Walk, Dubai; Saturday to Thursday, 10:00 to 22:00";

beforeAll(async () => {
  await setSeller();
});

describe("a Local Pickup order on the desk", () => {
  it("is made ready for collection with where and when, then collected: no carrier, mails in collection words, the cash invoice at collection", async () => {
    const { number, guest, email } = await pickupOrder();
    const { browser } = await signedIn("staff");
    expect((await act(browser, number, { action: "confirm" })).status).toBe(303);

    const confirmed = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(confirmed).toContain("Ready for collection");
    expect(confirmed).not.toContain("Mark as shipped");
    expect(confirmed).not.toContain("Tracking number");
    // The status and the cash confirmation read as one story.
    expect(confirmed).toContain("Confirmed</span> by the shop · not yet confirmed with the shopper");

    // Shipping is refused for a pickup order, and nothing changes.
    const ship = await act(browser, number, { action: "ship", carrier: "aramex", trackingNumber: "AX1" });
    expect(ship.status).toBe(422);
    expect(await ship.text()).toContain("A Local Pickup order is not shipped");
    expect((await orderRow(number)).status).toBe("processing");

    // Ready asks where and when, next to the field.
    const empty = await act(browser, number, { action: "ready", collectAt: " " });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain("Say where and when the shopper can collect the order");
    expect((await act(browser, number, { action: "ready", collectAt: PLACE })).status).toBe(303);
    const ready = await orderRow(number);
    expect(ready).toMatchObject({ status: "shipped", carrier: null, tracking_number: null });

    const desk = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(desk).toContain('status--shipped">Ready for collection<');
    expect(desk).toContain(">Collected<");
    expect(desk).not.toContain("Mark as delivered");
    expect(desk).not.toContain("Refused at the door");
    // Never collected: it can still be cancelled, its stock coming back.
    expect(desk).toContain("Cancel order");
    const own = await (await guest.get(`/cart/order/${number}`)).text();
    expect(own).toContain("Ready for collection");
    expect(own).not.toContain(">Shipped<");
    expect(await documentsOf(ready.id)).toEqual([]);

    expect((await act(browser, number, { action: "collect" })).status).toBe(303);
    expect((await orderRow(number)).status).toBe("completed");
    // A cash order is a supply once collected: its tax invoice is issued in that batch.
    expect((await documentsOf(ready.id)).map((doc) => doc.kind)).toEqual(["invoice"]);
    const after = await (await guest.get(`/cart/order/${number}`)).text();
    expect(after).toContain("Your order is collected");
    expect(after).not.toContain("Delivered");

    const mails = await statusMails(email, number);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your Noor Beauty order ${number}: Confirmed`,
      `Your Noor Beauty order ${number}: Ready for collection`,
      `Your Noor Beauty order ${number}: Collected`,
    ]);
    expect(mails[1]!.body_text).toContain("Your order is ready for collection.");
    expect(mails[1]!.body_text).toContain(`Where and when to collect it: ${PLACE}`);
    expect(mails[1]!.body_text).not.toContain("on its way");
    expect(mails[2]!.body_text).toContain("You have collected your order.");
  });

  it("writes the ready e-mail in Arabic for an order placed in Arabic", async () => {
    const { number, email } = await pickupOrder("ar");
    const { browser } = await signedIn("staff");
    expect((await act(browser, number, { action: "confirm" })).status).toBe(303);
    const form = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(form).toContain("e-mailed to the shopper as written), in Arabic");
    expect((await act(browser, number, { action: "ready", collectAt: "سيتي ووك، دبي، من ١٠ صباحًا" })).status).toBe(303);
    const [, readyMail] = await statusMails(email, number);
    expect(readyMail!.subject).toContain("جاهز للاستلام");
    expect(readyMail!.body_text).toContain("طلبك جاهز للاستلام.");
    expect(readyMail!.body_text).toContain("مكان الاستلام وموعده: سيتي ووك، دبي، من ١٠ صباحًا");
  });

  it("cancels a ready order never collected and gives its stock back; a delivery order is never 'collected'", async () => {
    const { number } = await pickupOrder();
    const { browser } = await signedIn("staff");
    await act(browser, number, { action: "confirm" });
    await act(browser, number, { action: "ready", collectAt: PLACE });
    const cancel = await act(browser, number, {
      action: "cancel",
      reason: "Not collected in 14 days.",
      confirmed: "yes",
    });
    expect(cancel.status).toBe(303);
    expect((await orderRow(number)).status).toBe("cancelled");
    const { results } = await env.DB.prepare(
      "SELECT stock_taken FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE number = ?1)",
    )
      .bind(number)
      .all<{ stock_taken: number }>();
    expect(results.every((line) => line.stock_taken === 0)).toBe(true);

    const delivered = await pickupOrder();
    await env.DB.prepare("UPDATE orders SET delivery_method = 'transport', address = 'Villa 1' WHERE number = ?1")
      .bind(delivered.number)
      .run();
    await act(browser, delivered.number, { action: "confirm" });
    const collect = await act(browser, delivered.number, { action: "ready", collectAt: PLACE });
    expect(collect.status).toBe(422);
    expect(await collect.text()).toContain("Only a Local Pickup order is collected");
    expect((await orderRow(delivered.number)).status).toBe("processing");
  });
});
