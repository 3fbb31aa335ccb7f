import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { Browser } from "./browser-session";
import { productSlugs } from "./shop-fixtures";

/** A page's HTML with the entities React writes in text decoded, to find the sentences a shopper reads. */
export const pageText = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&nbsp;", " ");

/** The desk's delivery and cash settings (shop_settings' delivery row), as a save on the desk leaves them. */
export async function saveDeliverySettings(value: Record<string, unknown>): Promise<void> {
  await env.DB.prepare("INSERT OR REPLACE INTO shop_settings (key, value, version) VALUES ('delivery', ?1, 1)")
    .bind(JSON.stringify(value))
    .run();
}

/** `quantity` of the seed's first in-stock product in the shopper's bag. */
export async function fillBag(shopper: Browser, quantity = 1): Promise<void> {
  const [slug] = await productSlugs("in_stock", 1);
  const res = await shopper.post("/cart/add", { slug: slug!, quantity: String(quantity) }, { from: null });
  expect(res.status).toBe(303);
}
