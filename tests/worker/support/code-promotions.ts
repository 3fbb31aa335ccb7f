import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { PromotionGives } from "../../../shared/promotions/promotion";
import type { Browser } from "./browser-session";
import { customer, productSlugs } from "./shop-fixtures";

/**
 * Promotions as the desk keeps them (migrations/0120_promotions.sql), written straight to D1 for a
 * test, and a shopper's bag to try their codes on through the shop's own routes.
 */
export interface PromotionSpec {
  name: string;
  nameAr?: string;
  applies?: "auto" | "code";
  gives?: PromotionGives;
  /** Its one code, kept in upper case as the desk keeps codes; none for an automatic promotion. */
  code?: string;
  target?: { kind: "order" | "product" | "variant" | "category" | "brand"; values: string[] };
  minSubtotal?: number;
  minQuantity?: number;
  startsAt?: string | null;
  endsAt?: string | null;
  firstOrderOnly?: boolean;
  usesMax?: number | null;
  uses?: number;
  usesPerShopper?: number | null;
  combinable?: boolean;
  priority?: number;
}

export async function addPromotion(spec: PromotionSpec): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO promotions (name, name_ar, applies, gives_json, target_kind, target_values, min_subtotal, min_quantity,
       starts_at, ends_at, first_order_only, uses_max, uses, uses_per_shopper, combinable, priority)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16) RETURNING id`,
  )
    .bind(
      spec.name,
      spec.nameAr ?? "",
      spec.applies ?? "code",
      JSON.stringify(spec.gives ?? { kind: "fixed", amount: 500 }),
      spec.target?.kind ?? "order",
      JSON.stringify(spec.target?.values ?? []),
      spec.minSubtotal ?? 0,
      spec.minQuantity ?? 0,
      spec.startsAt ?? null,
      spec.endsAt ?? null,
      spec.firstOrderOnly ? 1 : 0,
      spec.usesMax ?? null,
      spec.uses ?? 0,
      spec.usesPerShopper ?? null,
      spec.combinable === false ? 0 : 1,
      spec.priority ?? 0,
    )
    .first<{ id: number }>();
  if (spec.code)
    await env.DB.prepare("INSERT INTO promotion_codes (code, promotion_id) VALUES (?1, ?2)")
      .bind(spec.code.toUpperCase(), row!.id)
      .run();
  return row!.id;
}

/** Every promotion, code and redemption gone: a test starts from a shop with none. */
export async function clearPromotions(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM order_discounts"),
    env.DB.prepare("DELETE FROM cart_codes"),
    env.DB.prepare("DELETE FROM promotion_codes"),
    env.DB.prepare("DELETE FROM promotion_shopper_uses"),
    env.DB.prepare("DELETE FROM promotions"),
  ]);
}

/** The seeded catalogue's first product in stock, and its price in fils. */
export async function firstProduct(): Promise<{ slug: string; price: number }> {
  const [slug] = await productSlugs("in_stock", 1);
  const row = await env.DB.prepare("SELECT price FROM cms_products WHERE slug = ?1")
    .bind(slug)
    .first<{ price: number }>();
  return { slug: slug!, price: Math.round(row!.price * 100) };
}

/** Puts `quantity` of a product in the shopper's bag from a page in this language (`prefix`: "" or "/ar"). */
export async function addToBag(shopper: Browser, prefix: "" | "/ar", slug: string, quantity: number): Promise<void> {
  const res = await shopper.post(`${prefix}/cart/add`, { slug, quantity: String(quantity) }, { from: null });
  expect(res.status).toBe(303);
}

/** Places the shopper's bag as an order paid in cash, with the checkout's form as a shopper in Dubai fills it. */
export async function placeOrder(shopper: Browser, prefix: "" | "/ar" = ""): Promise<string> {
  const placed = await shopper.post(
    `${prefix}/cart/order`,
    { idempotencyKey: crypto.randomUUID(), ...customer },
    { from: null },
  );
  const location = placed.headers.get("location") ?? "";
  expect(location).toMatch(/\/cart\/order\//);
  return location;
}
