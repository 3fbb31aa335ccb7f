import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Promotion } from "../../shared/promotions/promotion";
import type { Suggestion } from "../../shared/quick-view";
import { afterSaleChange } from "../../worker/platform/promotions/sale-moves";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";
import { freshView, keptPage } from "./support/page-shells";
import { customer } from "./support/shop-fixtures";

/**
 * Sales in search (docs/decisions/0123-sales-in-search-and-an-amount-off-each-unit.md): search results' cards
 * and the header's suggestions show a sale as the catalogue's cards do, a kept search page (and the frame
 * it is filled from) is made again at a sale's start, and an amount off a product is off each unit, so
 * what a card says is what the bag charges for two.
 */
const EYE_CREAM = "nordic-pure-cleansers-eye-contour-cream"; // AED 159, skincare, Nordic Pure
const MASK = "nordic-pure-cleansers-clay-detox-mask"; // AED 129 (was 169 in the CMS), the same
const unique = () => crypto.randomUUID().replaceAll("-", "").slice(0, 8);

const made: Promotion[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const p of made.splice(0)) {
    await env.DB.prepare("UPDATE promotions SET paused = 1 WHERE id = ?1").bind(p.id).run();
    await afterSaleChange(env, { ...p, paused: true });
  }
});

/** An automatic sale written as the desk writes it, and what the desk does after (its pages made again). */
async function sale(
  name: string,
  gives: Promotion["gives"],
  target: Promotion["target"],
  startsAt: string | null = null,
): Promise<Promotion> {
  const row = await env.DB.prepare(
    `INSERT INTO promotions (name, applies, gives_json, target_kind, target_values, starts_at)
     VALUES (?1, 'auto', ?2, ?3, ?4, ?5) RETURNING id`,
  )
    .bind(name, JSON.stringify(gives), target.kind, JSON.stringify(target.values), startsAt)
    .first<{ id: number }>();
  const promotion: Promotion = {
    id: row!.id,
    name,
    applies: "auto",
    gives,
    target,
    minSubtotal: 0,
    minQuantity: 0,
    startsAt,
    endsAt: null,
    firstOrderOnly: false,
    usesMax: null,
    usesPerShopper: null,
    combinable: true,
    priority: 0,
    paused: false,
  };
  await afterSaleChange(env, promotion);
  made.push(promotion);
  return promotion;
}

/** One card's HTML in a page, by its product's slug. */
function card(page: string, slug: string): string {
  const at = page.indexOf(`/catalog/skincare/${slug}"`);
  expect(at, slug).toBeGreaterThan(0);
  const start = page.lastIndexOf('<article class="product-card"', at);
  return page.slice(start, page.indexOf("</article>", at));
}

async function suggested(q: string, slug: string): Promise<Suggestion> {
  const res = await fetchWorker(`/catalog-api/suggest?q=${encodeURIComponent(q)}`);
  const { items } = (await res.json()) as { items: Suggestion[] };
  const item = items.find((s) => s.path.endsWith(`/${slug}`));
  expect(item, q).toBeDefined();
  return item!;
}

describe("a sale in search", () => {
  it("shows on search results' cards and in the header's suggestions as on the catalogue's cards", async () => {
    await sale("Mask days", { kind: "percent", percent: 10, cap: null }, { kind: "product", values: [MASK] });
    const page = await (await freshView(() => fetchWorker("/search?q=clay+detox+mask"))).text();
    const shown = card(page, MASK);
    let listing = "";
    for (let n = 1; !listing.includes(`/${MASK}"`) && n <= 6; n++) {
      listing = await (await freshView(() => fetchWorker(`/catalog/skincare?page=${n}`))).text();
    }
    const catalogue = card(listing, MASK);
    const priceLine = (html: string) => /<p class="price">.*?<\/p>/.exec(html)![0];
    expect(priceLine(shown)).toBe(priceLine(catalogue));
    expect(shown).toContain('<span class="price__now">AED 116.10</span>');
    expect(shown).toContain("AED 129.00</del>");
    expect(shown).toContain("−10%");
    const item = await suggested("clay detox", MASK);
    expect(item.priceLine).toEqual({ price: 116.1, oldPrice: 129, percentOff: 10 });
    expect(item.price).toBe("AED 116.10");
  });

  it("a kept search page, its frame and the suggestions start showing a sale 1 s after it starts", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.UTC(2099, 10, 26, 20, 0); // a Friday, 00:00 in Dubai
    vi.setSystemTime(start - 10 * 60_000);
    await sale(
      "White Friday",
      { kind: "percent", percent: 20, cap: null },
      { kind: "brand", values: ["nordic-pure"] },
      new Date(start).toISOString(),
    );
    const path = "/search?q=cleansers+eye+contour";
    const before = await keptPage(path);
    expect(card(await before.text(), EYE_CREAM)).not.toContain("price__badge");
    // Words nobody searched before, with the same results: filled from the search page's frame.
    const framedBefore = await fetchWorker(`/search?q=cleansers+eye+contour+${unique()}`);
    expect(framedBefore.headers.get("x-page-frame")).toBe("search");
    expect(card(await framedBefore.text(), EYE_CREAM)).not.toContain("price__badge");
    expect((await suggested("cleansers eye", EYE_CREAM)).priceLine?.percentOff).toBeNull();

    // Kept at the edge no longer than until the start.
    vi.setSystemTime(start - 30_000);
    const hit = await fetchWorker(path);
    await hit.arrayBuffer();
    expect(hit.headers.get("x-page-shell")).toBe("hit");
    expect(hit.headers.get("cdn-cache-control")).toBe("public, max-age=30");

    vi.setSystemTime(start + 1_000);
    const after = await fetchWorker(path);
    expect(after.headers.get("x-page-shell")).toBe("miss");
    const shown = card(await after.text(), EYE_CREAM);
    expect(shown).toContain('<span class="price__now">AED 127.20</span>');
    expect(shown).toContain("−20%");
    const framedAfter = await fetchWorker(`/search?q=cleansers+eye+contour+${unique()}`);
    expect(card(await framedAfter.text(), EYE_CREAM)).toContain("−20%");
    expect((await suggested("cleansers eye", EYE_CREAM)).priceLine).toEqual({
      price: 127.2,
      oldPrice: 159,
      percentOff: 20,
    });
  });
});

describe("an amount off a product", () => {
  it("is off each unit: the card's price is what each of two units costs in the bag", async () => {
    await sale("Eye cream AED 20", { kind: "fixed", amount: 2_000 }, { kind: "product", values: [EYE_CREAM] });
    const page = await (await freshView(() => fetchWorker(`/catalog/skincare/${EYE_CREAM}`))).text();
    expect(page).toContain('<span class="price__now">AED 139.00</span>');
    const shopper = new Browser();
    expect((await shopper.post("/cart/add", { slug: EYE_CREAM, quantity: "2" }, { from: null })).status).toBe(303);
    const bag = await (await shopper.get("/cart")).text();
    expect(bag).toContain("AED 40.00");
    const placed = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    expect(placed.status).toBe(303);
    const line = await env.DB.prepare(
      "SELECT quantity, line_total - discount AS paid FROM order_lines WHERE product_slug = ?1 ORDER BY rowid DESC LIMIT 1",
    )
      .bind(EYE_CREAM)
      .first<{ quantity: number; paid: number }>();
    expect(line).toEqual({ quantity: 2, paid: 2 * 13_900 });
  });
});
