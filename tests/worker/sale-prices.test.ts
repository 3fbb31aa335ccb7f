import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Promotion } from "../../shared/promotions/promotion";
import { afterSaleChange } from "../../worker/platform/promotions/sale-moves";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";
import { jsonLdBlocks, type Node, problemsOf, typedNodes } from "./support/json-ld-checks";
import { freshView, keptPage } from "./support/page-shells";
import { customer } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * Sales on the catalogue (docs/decisions/0120-sale-prices-on-the-catalogue.md): an automatic promotion on
 * products shows on cards, quick view and the product page at the price the bag charges, the listing
 * sorts and filters by it, JSON-LD's offer carries it until its last day, and kept pages start and stop
 * showing it at its start and end with no request of staff, only the pages that show it made again.
 * Storage is shared by this file's tests: each puts its own sales on its own products and ends them.
 */
const EYE_CREAM = "nordic-pure-cleansers-eye-contour-cream"; // AED 159, skincare, Nordic Pure
const TONER = "nordic-pure-serums-soothing-toner"; // AED 129, the same
const ROSE_TONER = "maison-lumiere-rose-ritual-soothing-toner"; // AED 99, skincare, Maison Lumière

interface SaleSpec {
  name: string;
  gives: Promotion["gives"];
  target: Promotion["target"];
  startsAt?: string | null;
  endsAt?: string | null;
  applies?: "auto" | "code";
}

/** A sale written as the desk writes it, and what the desk does after (its targets' pages made again). */
async function sale(spec: SaleSpec): Promise<Promotion> {
  const row = await env.DB.prepare(
    `INSERT INTO promotions (name, applies, gives_json, target_kind, target_values, starts_at, ends_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id`,
  )
    .bind(
      spec.name,
      spec.applies ?? "auto",
      JSON.stringify(spec.gives),
      spec.target.kind,
      JSON.stringify(spec.target.values),
      spec.startsAt ?? null,
      spec.endsAt ?? null,
    )
    .first<{ id: number }>();
  const promotion: Promotion = {
    id: row!.id,
    name: spec.name,
    applies: spec.applies ?? "auto",
    gives: spec.gives,
    target: spec.target,
    minSubtotal: 0,
    minQuantity: 0,
    startsAt: spec.startsAt ?? null,
    endsAt: spec.endsAt ?? null,
    firstOrderOnly: false,
    usesMax: null,
    usesPerShopper: null,
    combinable: true,
    priority: 0,
    paused: false,
  };
  await afterSaleChange(env, promotion);
  return promotion;
}

const made: Promotion[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const p of made.splice(0)) {
    await env.DB.prepare("UPDATE promotions SET paused = 1 WHERE id = ?1").bind(p.id).run();
    await afterSaleChange(env, p);
  }
});

async function running(spec: SaleSpec): Promise<Promotion> {
  const p = await sale(spec);
  made.push(p);
  return p;
}

async function html(path: string): Promise<string> {
  const res = await freshView(() => fetchWorker(path));
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The product cards' links in the order a listing shows them. */
function cardOrder(page: string): string[] {
  return [...page.matchAll(/class="product-card__name"><a href="\/catalog\/[a-z-]+\/([a-z0-9-]+)"/g)].map((m) => m[1]!);
}

/** One card's HTML, by its product's slug. */
function card(page: string, slug: string): string {
  const at = page.indexOf(`/catalog/skincare/${slug}"`);
  expect(at, slug).toBeGreaterThan(0);
  const start = page.lastIndexOf('<article class="product-card"', at);
  return page.slice(start, page.indexOf("</article>", at));
}

describe("a sale shown on the catalogue", () => {
  it("shows the sale price, the old one struck through and a badge on the card, in both languages", async () => {
    await running({
      name: "Toner week",
      gives: { kind: "percent", percent: 20, cap: null },
      target: { kind: "product", values: [ROSE_TONER] },
    });
    const en = card(await html("/catalog/skincare"), ROSE_TONER);
    expect(en).toContain('<span class="price__now">AED 79.20</span>');
    expect(en).toMatch(/<del class="price__old"><span class="visually-hidden">Was <\/span>AED 99.00<\/del>/);
    expect(en).toContain('<span aria-hidden="true" dir="ltr">−20%</span><span class="visually-hidden">20% off</span>');
    const ar = await html("/ar/catalog/skincare");
    expect(ar).toContain("خصم");
    expect(ar).toMatch(/−[0-9٠-٩]+٪/);
    // Quick view says the same.
    const quick = (await (await fetchWorker(`/catalog-api/quick-view/${ROSE_TONER}`)).json()) as Record<
      string,
      unknown
    >;
    expect(quick).toMatchObject({ price: 79.2, oldPrice: 99, percentOff: 20 });
  });

  it("charges in the bag exactly what the card shows (stacked sales, one quote)", async () => {
    await running({
      name: "Nordic days",
      gives: { kind: "fixed", amount: 1_000 },
      target: { kind: "brand", values: ["nordic-pure"] },
    });
    await running({
      name: "Toner 15",
      gives: { kind: "percent", percent: 15, cap: null },
      target: { kind: "product", values: [TONER] },
    });
    const shown = card(await html("/catalog/skincare"), TONER);
    const price = /<span class="price__now">AED ([0-9.]+)<\/span>/.exec(shown)![1]!;
    expect(Number(price)).toBeLessThan(129);
    const shopper = new Browser();
    expect((await shopper.post("/cart/add", { slug: TONER, quantity: "1" }, { from: null })).status).toBe(303);
    const placed = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    expect(placed.status).toBe(303);
    const line = await env.DB.prepare(
      "SELECT line_total - discount AS paid FROM order_lines WHERE product_slug = ?1 ORDER BY rowid DESC LIMIT 1",
    )
      .bind(TONER)
      .first<{ paid: number }>();
    expect(line!.paid).toBe(Math.round(Number(price) * 100));
  });

  it("sorts and filters the listing by the price a shopper pays", async () => {
    const before = await html("/catalog/skincare?cost%5Bmax%5D=70");
    expect(cardOrder(before)).toEqual([]);
    await running({
      name: "Half toner",
      gives: { kind: "percent", percent: 50, cap: null },
      target: { kind: "product", values: [TONER] },
    });
    expect(cardOrder(await html("/catalog/skincare?sort=price-asc"))[0]).toBe(TONER);
    const cheap = await html("/catalog/skincare?cost%5Bmax%5D=70");
    expect(cardOrder(cheap)).toEqual([TONER]);
    expect(cheap).toContain("1 product");
    expect(cardOrder(await html("/catalog/skincare?cost%5Bmin%5D=100"))).not.toContain(TONER);
    const lastPage = cardOrder(await html("/catalog/skincare?sort=price-desc&page=2"));
    expect(lastPage.at(-1)).toBe(TONER);
  });

  it("carries the sale price in JSON-LD's offer, valid until the last day of the sale in Dubai", async () => {
    // Ends at midnight, Dubai, the night of 25 to 26 December: the price holds on the 25th.
    await running({
      name: "Eye cream until Christmas",
      gives: { kind: "percent", percent: 20, cap: null },
      target: { kind: "product", values: [EYE_CREAM] },
      endsAt: "2099-12-25T20:00:00.000Z",
    });
    const page = await html(`/catalog/skincare/${EYE_CREAM}`);
    const offer = jsonLdBlocks(page)
      .flatMap((block) => typedNodes(block))
      .find((node: Node) => node["@type"] === "Offer")!;
    expect(offer).toMatchObject({ price: "127.20", priceValidUntil: "2099-12-25" });
    expect(problemsOf(offer)).toEqual([]);
  });

  it("prices each shade or size by its own sale on the product page and in JSON-LD", async () => {
    const serum = "maison-lumiere-soleil-hydrating-serum";
    const page = await html(`/catalog/skincare/${serum}`);
    const skus = [...new Set([...page.matchAll(/\?variant=([A-Za-z0-9-]+)/g)].map((m) => m[1]!))];
    expect(skus).toHaveLength(2);
    const [plain, onSale] = skus as [string, string];
    await running({
      name: "One size",
      gives: { kind: "percent", percent: 10, cap: null },
      target: { kind: "variant", values: [onSale] },
    });
    const chosen = await html(`/catalog/skincare/${serum}?variant=${onSale}`);
    const buyBox = chosen.slice(
      chosen.indexOf('<div class="product-details">'),
      chosen.indexOf('aria-labelledby="about"'),
    );
    expect(buyBox.includes("−10%")).toBe(true);
    const offers = jsonLdBlocks(chosen)
      .flatMap((block) => typedNodes(block))
      .filter((node: Node) => node["@type"] === "Product" && typeof node.sku === "string");
    const offerOf = (sku: string) => offers.find((node) => node.sku === sku)!.offers as Record<string, string>;
    const [, now, was] =
      /price__now">AED ([0-9.]+)<\/span><del class="price__old"><span class="visually-hidden">Was <\/span>AED ([0-9.]+)</.exec(
        buyBox,
      )!;
    expect(Math.round(Number(now) * 100)).toBe(Math.round(Number(was) * 100) - Math.round(Number(was) * 10));
    expect(offerOf(onSale).price).toBe(now);
    expect(offerOf(plain).price).not.toBe(now);
    const other = await html(`/catalog/skincare/${serum}?variant=${plain}`);
    const otherBox = other.slice(
      other.indexOf('<div class="product-details">'),
      other.indexOf('aria-labelledby="about"'),
    );
    expect(otherBox.includes("price__badge")).toBe(false);
  });

  it("shows on the home page's shelves", async () => {
    const home = await html("/");
    const first = /class="product-card__name"><a href="\/catalog\/[a-z-]+\/([a-z0-9-]+)"/.exec(home)![1]!;
    await running({
      name: "Home sale",
      gives: { kind: "percent", percent: 30, cap: null },
      target: { kind: "product", values: [first] },
    });
    const after = await html("/");
    const at = after.indexOf(`/${first}"`);
    const start = after.lastIndexOf('<article class="product-card"', at);
    expect(after.slice(start, after.indexOf("</article>", at)).includes("−30%")).toBe(true);
  });

  it("never shows a code's promotion on a kept page", async () => {
    await running({
      name: "Influencer",
      applies: "code",
      gives: { kind: "percent", percent: 30, cap: null },
      target: { kind: "product", values: [EYE_CREAM] },
    });
    const page = await html(`/catalog/skincare/${EYE_CREAM}`);
    expect(page).not.toContain("price__badge");
    expect(page).toContain("AED 159.00");
  });
});

describe("kept pages and a sale's start and end, on a controlled clock", () => {
  it("start showing the sale within 60 s of its start and stop within 60 s of its end; other kept pages stay", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.UTC(2099, 10, 26, 20, 0); // White Friday, 00:00 in Dubai
    const end = start + 24 * 3600_000;
    vi.setSystemTime(start - 10 * 60_000);
    await running({
      name: "White Friday",
      gives: { kind: "percent", percent: 20, cap: null },
      target: { kind: "brand", values: ["nordic-pure"] },
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
    });
    const product = `/catalog/skincare/${EYE_CREAM}`;
    for (const path of ["/catalog/skincare", product, "/catalog/fragrance"]) {
      const kept = await keptPage(path);
      expect((await kept.text()).includes("price__badge"), path).toBe(false);
    }
    // Kept at the edge no longer than until the start.
    vi.setSystemTime(start - 30_000);
    const hit = await fetchWorker("/catalog/skincare");
    await hit.arrayBuffer();
    expect(hit.headers.get("x-page-shell")).toBe("hit");
    expect(hit.headers.get("cdn-cache-control")).toBe("public, max-age=30");

    vi.setSystemTime(start + 1_000);
    for (const path of ["/catalog/skincare", product]) {
      const res = await fetchWorker(path);
      const page = await res.text();
      expect(res.headers.get("x-page-shell"), path).toBe("miss");
      expect(page.includes("−20%"), path).toBe(true);
    }
    // The eye cream at 20% off on its page; the sunscreen (AED 139) on the category's first page.
    expect((await (await fetchWorker(product)).text()).includes("AED 127.20")).toBe(true);
    expect((await (await fetchWorker("/catalog/skincare")).text()).includes("AED 111.20")).toBe(true);
    // A page that shows no Nordic Pure product is not made again.
    const other = await fetchWorker("/catalog/fragrance");
    await other.arrayBuffer();
    expect(other.headers.get("x-page-shell")).toBe("hit");
    const keptWithSale = await keptPage("/catalog/skincare");
    expect((await keptWithSale.text()).includes("−20%")).toBe(true);

    vi.setSystemTime(end + 1_000);
    for (const path of ["/catalog/skincare", product]) {
      const res = await fetchWorker(path);
      const page = await res.text();
      expect(res.headers.get("x-page-shell"), path).toBe("miss");
      expect(page.includes("price__badge"), path).toBe(false);
    }
    expect((await (await fetchWorker(product)).text()).includes("AED 159.00")).toBe(true);
  });

  it("a sale added or changed on the desk makes again only the kept pages that show what it is (or was) on", async () => {
    const { browser: staff } = await signedIn("staff");
    await keptPage("/catalog/fragrance");
    await keptPage("/catalog/hair-care");
    const name = `Oud week ${crypto.randomUUID().slice(0, 6)}`;
    const added = await staff.post(
      "/staff/promotions",
      {
        name,
        applies: "auto",
        kind: "percent",
        percent: "10",
        targetKind: "brand",
        targetValues: "oud-and-amber",
        combinable: "yes",
      },
      { from: null },
    );
    expect(added.status).toBe(303);
    const row = await env.DB.prepare("SELECT id FROM promotions WHERE name = ?1").bind(name).first<{ id: number }>();
    // Made again: served stale while it renders, or rendered now (a copy made long ago is not served stale).
    const fragrance = await fetchWorker("/catalog/fragrance");
    await fragrance.arrayBuffer();
    expect(fragrance.headers.get("x-page-shell")).not.toBe("hit");
    const hair = await fetchWorker("/catalog/hair-care");
    await hair.arrayBuffer();
    expect(hair.headers.get("x-page-shell")).toBe("hit");
    expect((await html("/catalog/fragrance")).includes("−10%")).toBe(true);

    // Moved to another brand on the desk: the pages of what it was on and of what it is on are made again.
    await keptPage("/catalog/fragrance");
    await keptPage("/catalog/hair-care");
    await keptPage("/catalog/makeup");
    const { version } = (await env.DB.prepare("SELECT version FROM promotions WHERE id = ?1")
      .bind(row!.id)
      .first<{ version: number }>())!;
    const changed = await staff.post(
      `/staff/promotions/${row!.id}`,
      {
        action: "change",
        version: String(version),
        name,
        kind: "percent",
        percent: "10",
        targetKind: "brand",
        targetValues: "silk-strand",
        combinable: "yes",
        priority: "0",
      },
      { from: null },
    );
    expect(changed.status).toBe(303);
    for (const [path, state] of [
      ["/catalog/fragrance", "made again"],
      ["/catalog/hair-care", "made again"],
      ["/catalog/makeup", "hit"],
    ] as const) {
      const res = await fetchWorker(path);
      await res.arrayBuffer();
      expect(res.headers.get("x-page-shell") === "hit" ? "hit" : "made again", path).toBe(state);
    }
    expect((await html("/catalog/fragrance")).includes("−10%")).toBe(false);
    expect((await html("/catalog/hair-care")).includes("−10%")).toBe(true);
    await env.DB.prepare("UPDATE promotions SET paused = 1 WHERE id = ?1").bind(row!.id).run();
  });
});
