import { describe, expect, it } from "vitest";
import type { Promotion, PromotionLine } from "../../shared/promotions/promotion";
import { type Candidate, type QuoteInput, quote } from "../../shared/promotions/quote";
import { DEFAULT_SETTINGS } from "../../shared/promotions/shop-settings";
import { splitByWeight } from "../../shared/promotions/split";

/** The one quote (shared/promotions/quote.ts), pure: every case a bag and a promotion or two. */

const NOW = new Date("2026-12-01T10:00:00Z");

function line(key: string, unitPrice: number, quantity: number, more: Partial<PromotionLine> = {}): PromotionLine {
  return {
    key,
    productSlug: key,
    sku: `${key}-sku`,
    brandSlug: "noor",
    categorySlug: "makeup",
    unitPrice,
    quantity,
    ...more,
  };
}

let nextId = 1;
function promotion(gives: Promotion["gives"], more: Partial<Promotion> = {}): Promotion {
  return {
    id: nextId++,
    name: `Promotion ${nextId}`,
    applies: "auto",
    gives,
    target: { kind: "order", values: [] },
    minSubtotal: 0,
    minQuantity: 0,
    startsAt: null,
    endsAt: null,
    firstOrderOnly: false,
    usesMax: null,
    usesPerShopper: null,
    combinable: true,
    priority: 0,
    paused: false,
    ...more,
  };
}

function auto(p: Promotion, used = 0): Candidate {
  return { promotion: p, code: null, usage: { used, byShopper: 0 } };
}

function run(lines: PromotionLine[], candidates: Candidate[], more: Partial<QuoteInput> = {}) {
  return quote({
    lines,
    candidates,
    settings: DEFAULT_SETTINGS,
    delivery: "transport",
    region: null,
    payment: null,
    now: NOW,
    ordered: false,
    giftsInStock: new Set(),
    ...more,
  });
}

describe("the quote", () => {
  it("takes a percentage off, held to its cap in AED and saying so", () => {
    const open = run([line("a", 10000, 2)], [auto(promotion({ kind: "percent", percent: 10, cap: null }))]);
    expect(open.discounts[0]).toMatchObject({ amount: 2000, limitedTo: null });
    const capped = run([line("a", 10000, 2)], [auto(promotion({ kind: "percent", percent: 10, cap: 1500 }))]);
    expect(capped.discounts[0]).toMatchObject({ amount: 1500, limitedTo: "cap" });
    expect(capped.total).toBe(20000 - 1500 + 2500);
  });

  it("caps a fixed amount larger than the subtotal at the subtotal, says so, and the total is never below zero", () => {
    const q = run([line("a", 4000, 1)], [auto(promotion({ kind: "fixed", amount: 10000 }))], { delivery: "pickup" });
    expect(q.discounts[0]).toMatchObject({ amount: 4000, limitedTo: "base" });
    expect(q.total).toBe(0);
    expect(q.vat).toBe(0);
  });

  it("takes an amount off each unit of the products it is on, and once off the order", () => {
    const onBrand = promotion({ kind: "fixed", amount: 2000 }, { target: { kind: "brand", values: ["noor"] } });
    const lines = [line("a", 15900, 2), line("b", 1500, 1), line("c", 5000, 3, { brandSlug: "other" })];
    const q = run(lines, [auto(onBrand)], { delivery: "pickup" });
    // Two units of a at 20 each; b (15.00) can lose no more than itself, and says so; c is another brand.
    expect(q.lines.map((l) => l.discount)).toEqual([4000, 1500, 0]);
    expect(q.discounts[0]).toMatchObject({ amount: 5500, limitedTo: "base" });
    const onOrder = run(lines, [auto(promotion({ kind: "fixed", amount: 2000 }))], { delivery: "pickup" });
    expect(onOrder.discounts[0]).toMatchObject({ amount: 2000, limitedTo: null });
  });

  it("gives free delivery as a discount line of the fee, and nudges towards the shop's threshold", () => {
    const plain = run([line("a", 10000, 1)], []);
    expect(plain.delivery).toBe(2500);
    expect(plain.nudges).toEqual([{ kind: "free-delivery", name: null, missing: 20000 }]);
    const free = run([line("a", 10000, 1)], [auto(promotion({ kind: "free_delivery" }))]);
    expect(free.discounts[0]).toMatchObject({ kind: "free_delivery", amount: 2500 });
    expect(free.total).toBe(10000);
    expect(free.nudges).toEqual([]);
  });

  it("adds a gift while its stock lasts, says when it is gone, and nudges towards its minimum", () => {
    const gift = promotion({ kind: "gift", productSlug: "mini", variantSku: "", sku: "MINI" }, { minSubtotal: 15000 });
    const short = run([line("a", 10000, 1)], [auto(gift)], { giftsInStock: new Set(["MINI"]) });
    expect(short.gifts).toEqual([]);
    expect(short.nudges).toContainEqual({ kind: "gift", name: gift.name, missing: 5000 });
    const given = run([line("a", 20000, 1)], [auto(gift)], { giftsInStock: new Set(["MINI"]) });
    expect(given.gifts).toMatchObject([{ sku: "MINI", promotionId: gift.id }]);
    expect(given.total).toBe(20000 + 2500);
    const gone = run([line("a", 20000, 1)], [auto(gift)], { giftsInStock: new Set() });
    expect(gone.gifts).toEqual([]);
    expect(gone.giftsGone).toEqual([gift.name]);
  });

  it("gives 3 for 2 on a brand: the cheapest of every three units free, other brands untouched", () => {
    const threeForTwo = promotion({ kind: "buy_get", buy: 2, get: 1 }, { target: { kind: "brand", values: ["noor"] } });
    const lines = [line("a", 5000, 2), line("b", 3000, 2), line("c", 1000, 5, { brandSlug: "other" })];
    const q = run(lines, [auto(threeForTwo)]);
    // Four units of the brand: one group of three, its cheapest (3000) free.
    expect(q.discounts[0]!.amount).toBe(3000);
    expect(q.lines.map((l) => l.discount)).toEqual([0, 3000, 0]);
  });

  it("applies by priority, and one that does not combine stands alone", () => {
    const big = promotion(
      { kind: "percent", percent: 20, cap: null },
      { priority: 10, combinable: false, name: "VIP" },
    );
    const small = promotion({ kind: "fixed", amount: 1000 }, { priority: 1 });
    const q = run([line("a", 10000, 1)], [auto(small), auto(big)]);
    expect(q.discounts.map((d) => d.name)).toEqual(["VIP"]);
    const code: Candidate = {
      promotion: { ...small, applies: "code" },
      code: "SAVE10",
      usage: { used: 0, byShopper: 0 },
    };
    const refused = run([line("a", 10000, 1)], [auto(big), code]);
    expect(refused.refused).toEqual([
      { code: "SAVE10", promotionId: small.id, refusal: { reason: "not-combinable", with: "VIP" } },
    ]);
    // Two that combine both apply, the second on what the first left.
    const both = run(
      [line("a", 10000, 1)],
      [
        auto(promotion({ kind: "percent", percent: 10, cap: null }, { priority: 5 })),
        auto(promotion({ kind: "fixed", amount: 1000 }, { priority: 1 })),
      ],
    );
    expect(both.discounts.map((d) => d.amount)).toEqual([1000, 1000]);
    expect(both.total).toBe(8000 + 2500);
  });

  it("computes VAT per line on what is paid after the discount, 5% included", () => {
    const q = run([line("a", 12900, 2), line("b", 4550, 1)], [auto(promotion({ kind: "fixed", amount: 3000 }))], {
      delivery: "pickup",
    });
    const nets = q.lines.map((l) => l.net);
    expect(nets.reduce((a, b) => a + b, 0)).toBe(25800 + 4550 - 3000);
    expect(q.lines.map((l) => l.vat)).toEqual(nets.map((n) => Math.round((n * 5) / 105)));
    expect(q.vat).toBe(q.lines.reduce((sum, l) => sum + l.vat, 0));
    expect(q.total).toBe(27350);
  });

  it("splits an order discount across lines to the fils, the parts summing exactly", () => {
    expect(splitByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeight(1001, [3333, 3333, 3334]).reduce((a, b) => a + b, 0)).toBe(1001);
    const q = run(
      [line("a", 333, 1), line("b", 333, 1), line("c", 334, 1)],
      [auto(promotion({ kind: "percent", percent: 33, cap: null }))],
    );
    expect(q.discounts[0]!.amount).toBe(330);
    expect(q.lines.reduce((sum, l) => sum + l.discount, 0)).toBe(330);
    expect(q.lines.every((l) => l.net >= 0)).toBe(true);
  });

  it("refuses a code with the reason a shopper can act on", () => {
    const p = promotion(
      { kind: "fixed", amount: 1000 },
      { applies: "code", minSubtotal: 15000, startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-12-31T20:00:00Z" },
    );
    const code = (usage = { used: 0, byShopper: 0 }): Candidate => ({ promotion: p, code: "X", usage });
    expect(run([line("a", 10000, 1)], [code()]).refused[0]!.refusal).toEqual({ reason: "minimum", missing: 5000 });
    expect(run([line("a", 20000, 1)], [code()], { now: new Date("2027-01-01T00:00:00Z") }).refused[0]!.refusal).toEqual(
      {
        reason: "expired",
      },
    );
    expect(run([line("a", 20000, 1)], [code()], { now: new Date("2026-10-31T00:00:00Z") }).refused[0]!.refusal).toEqual(
      {
        reason: "not-started",
      },
    );
    expect(
      run([line("a", 20000, 1)], [{ ...code(), promotion: { ...p, usesMax: 100 }, usage: { used: 100, byShopper: 0 } }])
        .refused[0]!.refusal,
    ).toEqual({ reason: "used-up" });
    expect(
      run(
        [line("a", 20000, 1)],
        [{ ...code(), promotion: { ...p, usesPerShopper: 1 }, usage: { used: 3, byShopper: 1 } }],
      ).refused[0]!.refusal,
    ).toEqual({ reason: "used-by-you" });
    const forOthers = { ...p, target: { kind: "brand" as const, values: ["elsewhere"] } };
    expect(run([line("a", 20000, 1)], [{ ...code(), promotion: forOthers }]).refused[0]!.refusal).toEqual({
      reason: "no-products",
    });
    expect(run([line("a", 20000, 1)], [code()]).discounts[0]).toMatchObject({ code: "X", amount: 1000 });
  });

  it("charges the cash fee and says when a bag is above the largest cash order", () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      cashFee: 1000,
      cashMax: 50000,
      deliveryFeeByEmirate: { "Abu Dhabi": 3500 },
    };
    const q = run([line("a", 10000, 1)], [], { settings, payment: "cash", region: "Abu Dhabi" });
    expect(q.delivery).toBe(3500);
    expect(q.codFee).toBe(1000);
    expect(q.total).toBe(14500);
    expect(q.cashAllowed).toBe(true);
    expect(run([line("a", 60000, 1)], [], { settings }).cashAllowed).toBe(false);
  });
});
