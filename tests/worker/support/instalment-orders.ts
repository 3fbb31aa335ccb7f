import { env } from "cloudflare:test";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { changeOrder } from "../../../worker/platform/orders/order-desk-store";
import type { OrderStatus } from "../../../worker/platform/orders/order-record";
import { findOrderByNumber } from "../../../worker/platform/orders/order-store";
import { appRequest } from "./app-request";
import { Browser } from "./browser-session";
import { FAKE_KEYS, FakeInstalments, TABBY_BASE, TAMARA_BASE } from "./fake-instalments";
import { customer } from "./shop-fixtures";

/** The shop with both instalment providers configured against the local fakes. */
export const instalmentEnv = { ...env, ...FAKE_KEYS, TABBY_API_BASE: TABBY_BASE, TAMARA_API_BASE: TAMARA_BASE };

/**
 * A fresh local Tabby and Tamara for each test of the file that calls this at its top level, the
 * providers' calls answered by it (stubProviders) and fetch put back after. What it answers reads the
 * running test's fake.
 */
export function fakeInstalmentsEachTest(): FakeInstalments {
  let current = new FakeInstalments();
  beforeEach(() => {
    current = new FakeInstalments();
    stubProviders(current);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return new Proxy({} as FakeInstalments, {
    get(_target, name) {
      const value = Reflect.get(current, name, current);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
}

/** Every call to the providers' hosts answered by the fake; anything else goes out as before. */
export function stubProviders(fake: FakeInstalments): void {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url.startsWith(TABBY_BASE) || request.url.startsWith(TAMARA_BASE)) return fake.handle(request);
    return realFetch(input, init);
  });
}

export async function onHand(sku: string): Promise<number> {
  return (await env.DB.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1")
    .bind(sku)
    .first<{ on_hand: number }>())!.on_hand;
}

export async function statusOf(number: string): Promise<string> {
  return (await env.DB.prepare("SELECT status FROM orders WHERE number = ?1").bind(number).first<{ status: string }>())!
    .status;
}

/**
 * An instalment order placed through the checkout as a shopper places one: a shade with 5 counted in
 * stock (its own, so tests do not share it), `quantity` of it in the bag, paid with `payment`.
 */
export async function placeInstalmentOrder(payment: "tabby" | "tamara", quantity = 2) {
  const shade = (await env.DB.prepare(
    `SELECT p.slug, v.sku FROM cms_product_variants v JOIN cms_products p ON p.id = v.product_id
     WHERE v.kind = 'shade' AND v.availability IS NULL AND p.availability = 'in_stock'
       AND v.sku NOT IN (SELECT sku FROM order_lines WHERE sku IS NOT NULL) ORDER BY v.id DESC LIMIT 1`,
  ).first<{ slug: string; sku: string }>())!;
  await env.DB.prepare(
    `INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, 5)
     ON CONFLICT (sku) DO UPDATE SET on_hand = 5`,
  )
    .bind(shade.sku, shade.slug)
    .run();
  const shopper = new Browser((path, init) => appRequest(`https://shop.example${path}`, init, instalmentEnv));
  const added = await shopper.post(
    "/cart/add",
    { slug: shade.slug, variant: shade.sku, quantity: String(quantity) },
    { from: null },
  );
  expect(added.status).toBe(303);
  const placed = await shopper.post(
    "/cart/order",
    { idempotencyKey: crypto.randomUUID(), ...customer, delivery: "pickup", payment },
    { from: null },
  );
  expect(placed.status).toBe(303);
  const location = placed.headers.get("location") ?? "";
  const number = (await env.DB.prepare("SELECT number FROM orders WHERE payment_method = ?1 ORDER BY id DESC LIMIT 1")
    .bind(payment)
    .first<{ number: string }>())!.number;
  return { number, sku: shade.sku, location, shopper };
}

/** A status move as the staff desk makes it (the desk's own store function), from the order as it is now. */
export async function deskMoves(number: string, ...moves: { action: string; to: OrderStatus }[]): Promise<void> {
  for (const move of moves) {
    const order = (await findOrderByNumber(env.DB, number))!;
    const saved = await changeOrder(env.DB, {
      order,
      seenVersion: order.version,
      actor: { id: 1, name: "Staff" },
      ...move,
      ...(move.to === "shipped" ? { carrier: "Aramex", trackingNumber: "AX123456" } : {}),
      ...(move.to === "cancelled" ? { note: "The shopper asked" } : {}),
    });
    expect(saved).toBe(true);
  }
}

/** The order's payment tasks, oldest first. */
export async function tasksOf(number: string) {
  const { results } = await env.DB.prepare(
    `SELECT t.kind, t.attempts, t.next_at, t.done_at, t.last_error FROM payment_tasks t JOIN orders o ON o.id = t.order_id
     WHERE o.number = ?1 ORDER BY t.id`,
  )
    .bind(number)
    .all<{ kind: string; attempts: number; next_at: string; done_at: string | null; last_error: string | null }>();
  return results;
}
