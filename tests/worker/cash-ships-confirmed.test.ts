import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../shared/escape-html";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { changeOrder } from "../../worker/platform/orders/order-desk-store";
import { findOrderByNumber } from "../../worker/platform/orders/order-store";
import type { Browser } from "./support/browser-session";
import { countedSku, orderHolding } from "./support/held-order";
import { auditOf, signedIn } from "./support/staff-session";

/**
 * A cash parcel ships only once confirmed with the shopper
 * (docs/decisions/0132-cash-ships-only-once-confirmed.md): the desk offers that step first, says why
 * beside the missing "Mark as shipped", refuses a post to ship it with the same sentence, and the
 * status change itself is conditioned on the mark, so a stale copy of the order cannot ship past it.
 * A card order ships as before.
 */
const SENTENCE = en.whatsapp.shipFirstConfirm;

async function orderRow(number: string) {
  return (await env.DB.prepare("SELECT status, version, cod_confirmed_at FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ status: string; version: number; cod_confirmed_at: string | null }>())!;
}

async function act(browser: Browser, number: string, fields: Record<string, string>) {
  const { version } = await orderRow(number);
  return browser.post(`/staff/orders/${number}`, { version: String(version), ...fields }, { from: null });
}

async function shippedMails(number: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'order-status' AND subject LIKE ?1")
    .bind(`%${number}: Shipped%`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const SHIP = { action: "ship", carrier: "aramex", trackingNumber: "AX0132" };

describe("a cash order on the desk before it ships", () => {
  it("is not offered Mark as shipped until confirmed with the shopper, and a post to ship it is refused beside the action", async () => {
    const { number } = await orderHolding([{ sku: await countedSku(5), quantity: 1 }], {
      status: "new",
      delivery: "transport",
    });
    const { browser } = await signedIn("staff");
    expect((await act(browser, number, { action: "confirm" })).status).toBe(303);
    expect((await orderRow(number)).status).toBe("processing");

    // The page: the confirm step first, the sentence where the ship button would be, no ship button.
    const page = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(page).not.toContain("Mark as shipped");
    // Beside the actions, a pointer to the confirm step above, not its sentence again.
    expect(page).toContain(`<p class="muted staff-ship-held">${escapeHtml(en.whatsapp.shipAfterConfirm)}</p>`);
    expect(page).not.toContain(SENTENCE);
    expect(page.indexOf("Confirmed with the shopper<")).toBeLessThan(page.indexOf("staff-ship-held"));

    // A post to ship it (an older page, another tab): refused with the sentence beside the action, once.
    const refused = await act(browser, number, SHIP);
    expect(refused.status).toBe(422);
    const answer = await refused.text();
    expect(answer).toContain(`<p class="notice notice--error staff-ship-held" role="alert">${SENTENCE}</p>`);
    expect(answer.split(SENTENCE)).toHaveLength(2);
    expect(await orderRow(number)).toMatchObject({ status: "processing", cod_confirmed_at: null });
    expect((await auditOf("order", number)).map((entry) => entry.action)).toEqual(["confirm"]);
    expect(await shippedMails(number)).toBe(0);

    // Confirmed with the shopper: now it ships.
    expect((await act(browser, number, { action: "shopper-confirmed" })).status).toBe(303);
    const ready = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(ready).toContain("Mark as shipped");
    expect(ready).not.toContain(SENTENCE);
    expect(ready).not.toContain("staff-ship-held");
    expect((await act(browser, number, SHIP)).status).toBe(303);
    expect((await orderRow(number)).status).toBe("shipped");
    expect(await shippedMails(number)).toBe(1);
  });

  it("says it in Arabic too", () => {
    expect(ar.whatsapp.shipFirstConfirm).toContain("واتساب");
    expect(ar.whatsapp.shipFirstConfirm).not.toMatch(/[A-Za-z]/);
    expect(ar.whatsapp.shipAfterConfirm).not.toMatch(/[A-Za-z]/);
  });

  it("ships nothing from a copy of the order that wrongly thinks it confirmed: the change's own condition holds", async () => {
    const { number } = await orderHolding([{ sku: await countedSku(5), quantity: 1 }], {
      status: "new",
      delivery: "transport",
    });
    const { browser } = await signedIn("staff");
    expect((await act(browser, number, { action: "confirm" })).status).toBe(303);
    const order = (await findOrderByNumber(env.DB, number))!;
    const stale = { ...order, cashConfirmedAt: new Date().toISOString() };
    const actor = { id: 1, name: "Layla (desk)" };
    const saved = await changeOrder(env.DB, {
      order: stale,
      seenVersion: order.version,
      actor,
      action: "ship",
      to: "shipped",
      carrier: "Aramex",
      trackingNumber: "AX1",
    });
    expect(saved).toBe(false);
    expect(await orderRow(number)).toMatchObject({ status: "processing", version: order.version });
    expect((await auditOf("order", number)).map((entry) => entry.action)).toEqual(["confirm"]);
  });
});

describe("a card order on the desk", () => {
  it("ships once confirmed, with no step with the shopper", async () => {
    const { number } = await orderHolding([{ sku: await countedSku(5), quantity: 1 }], {
      status: "paid",
      delivery: "transport",
    });
    const { browser } = await signedIn("staff");
    expect((await act(browser, number, { action: "confirm" })).status).toBe(303);
    const page = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(page).toContain("Mark as shipped");
    expect(page).not.toContain(SENTENCE);
    expect((await act(browser, number, SHIP)).status).toBe(303);
    expect((await orderRow(number)).status).toBe("shipped");
  });
});
