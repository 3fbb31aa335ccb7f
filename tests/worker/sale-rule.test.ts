import { describe, expect, it } from "vitest";
import type { Promotion } from "../../shared/promotions/promotion";
import { isSale, nextSaleChange, type SaleItem, saleOf } from "../../shared/promotions/sale-price";
import { EDGE_CACHE_CONTROL, edgeCacheControl } from "../../worker/frame/shells/page-cache";
import { outlived } from "../../worker/frame/shells/stale-shells";
import { lastDayOf } from "../../worker/screens/product/product-json-ld";

/**
 * Which promotions are a sale shown on the catalogue, and when (docs/decisions/0120-sale-prices-on-the-catalogue.md):
 * the rule, the window's edges in Asia/Dubai on a controlled clock, and what a kept page is told.
 */
const START = "2099-11-26T20:00:00.000Z"; // Friday 27 November, 00:00 in Dubai
const END = "2099-11-30T20:00:00.000Z"; // Tuesday 1 December, 00:00 in Dubai

function promotion(over: Partial<Promotion> = {}): Promotion {
  return {
    id: 1,
    name: "White Friday",
    applies: "auto",
    gives: { kind: "percent", percent: 20, cap: null },
    target: { kind: "brand", values: ["nordic-pure"] },
    minSubtotal: 0,
    minQuantity: 0,
    startsAt: START,
    endsAt: END,
    firstOrderOnly: false,
    usesMax: null,
    usesPerShopper: null,
    combinable: true,
    priority: 0,
    paused: false,
    ...over,
  };
}

const item: SaleItem = {
  productSlug: "nordic-pure-serums-soothing-toner",
  sku: "NOR-SER-0054",
  brandSlug: "nordic-pure",
  categorySlug: "skincare",
  price: 129,
};

describe("what a sale is", () => {
  it("is automatic, a percentage or amount off products, the same for every shopper and bag", () => {
    expect(isSale(promotion())).toBe(true);
    expect(isSale(promotion({ gives: { kind: "fixed", amount: 1000 } }))).toBe(true);
    for (const over of [
      { applies: "code" as const },
      { target: { kind: "order" as const, values: [] } },
      { gives: { kind: "free_delivery" as const } },
      { gives: { kind: "buy_get" as const, buy: 2, get: 1 } },
      { minSubtotal: 25_000 },
      { minQuantity: 2 },
      { firstOrderOnly: true },
      { usesMax: 100 },
      { usesPerShopper: 1 },
    ]) {
      expect(isSale(promotion(over)), JSON.stringify(over)).toBe(false);
      expect(saleOf([promotion(over)], item, new Date(START))).toBeNull();
    }
  });

  it("runs from its start (included) to its end (excluded), Dubai's midnights in UTC", () => {
    const sales = [promotion()];
    expect(saleOf(sales, item, new Date(Date.parse(START) - 1))).toBeNull();
    expect(saleOf(sales, item, new Date(START))).toEqual({ price: 10_320, was: 12_900, percentOff: 20, endsAt: END });
    expect(saleOf(sales, item, new Date(Date.parse(END) - 1))?.price).toBe(10_320);
    expect(saleOf(sales, item, new Date(END))).toBeNull();
    expect(saleOf([promotion({ paused: true })], item, new Date(START))).toBeNull();
    expect(saleOf(sales, { ...item, brandSlug: "velvet-hue" }, new Date(START))).toBeNull();
  });

  it("stacks by the quote's rule: a fixed amount on what a percentage left", () => {
    const sales = [
      promotion({ id: 1, priority: 5 }),
      promotion({
        id: 2,
        gives: { kind: "fixed", amount: 500 },
        target: { kind: "product", values: [item.productSlug] },
      }),
    ];
    expect(saleOf(sales, item, new Date(START))?.price).toBe(12_900 - 2_580 - 500);
  });

  it("tells a kept page the next start or end of a sale on what it shows", () => {
    const sales = [promotion()];
    expect(nextSaleChange(sales, [item], new Date(Date.parse(START) - 60_000))).toBe(Date.parse(START));
    expect(nextSaleChange(sales, [item], new Date(START))).toBe(Date.parse(END));
    expect(nextSaleChange(sales, [item], new Date(END))).toBeNull();
    expect(nextSaleChange(sales, [{ ...item, brandSlug: "oud-and-amber" }], new Date(0))).toBeNull();
  });

  it("makes a kept page past its deadline not current, and the edge keep it no longer than until then", () => {
    const at = Date.parse(START);
    expect(outlived({ madeAgainBy: at }, at - 1)).toBe(false);
    expect(outlived({ madeAgainBy: at }, at)).toBe(true);
    expect(outlived({ madeAgainBy: null }, at)).toBe(false);
    expect(edgeCacheControl(null, at)).toBe(EDGE_CACHE_CONTROL);
    expect(edgeCacheControl(at, at - 3_600_000)).toBe(EDGE_CACHE_CONTROL);
    expect(edgeCacheControl(at, at - 45_000)).toBe("public, max-age=45");
    expect(edgeCacheControl(at, at - 300_000)).toBe("public, max-age=60");
  });

  it("says in JSON-LD the last day in Dubai the price holds", () => {
    expect(lastDayOf(END)).toBe("2099-11-30");
    expect(lastDayOf("2099-11-30T10:00:00.000Z")).toBe("2099-11-30");
  });
});
