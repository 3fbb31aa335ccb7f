import { describe, expect, it } from "vitest";
import { dubaiToUtc, readDraft } from "../../worker/screens/staff/promotions/promotion-draft";
import { givesWords } from "../../worker/screens/staff/promotions/promotion-words";

/**
 * The desk's promotion form as a phone sends it (docs/decisions/0123-sales-in-search-and-an-amount-off-each-unit.md):
 * a date picker may send the seconds, a keyboard may capitalise a slug's first letter, and the desk says
 * whether an amount comes off each unit or the order once.
 */
describe("the desk's promotion form from a phone", () => {
  it("reads a date picker's start with or without seconds, in Dubai", () => {
    expect(dubaiToUtc("2026-11-27T00:00")).toBe("2026-11-26T20:00:00.000Z");
    expect(dubaiToUtc("2026-11-27T00:00:00")).toBe("2026-11-26T20:00:00.000Z");
    expect(dubaiToUtc("27/11/2026 00:00")).toBeUndefined();
  });

  it("reads slugs in lower case and SKUs as typed", () => {
    const brand = readDraft({
      name: "White Friday",
      kind: "percent",
      percent: "20",
      targetKind: "brand",
      targetValues: "Nordic-pure, Velvet-Hue",
    });
    expect(brand.ok && brand.promotion.target).toEqual({ kind: "brand", values: ["nordic-pure", "velvet-hue"] });
    const variant = readDraft({
      name: "One size",
      kind: "percent",
      percent: "10",
      targetKind: "variant",
      targetValues: "MAI-SOL-0010-30ML",
    });
    expect(variant.ok && variant.promotion.target.values).toEqual(["MAI-SOL-0010-30ML"]);
    const gift = readDraft({
      name: "Travel size",
      kind: "gift",
      giftSlug: "Maison-lumiere-soleil-hydrating-serum",
      giftVariant: "MAI-SOL-0010-10MLTRAVEL",
    });
    expect(gift.ok && gift.promotion.gives).toMatchObject({
      productSlug: "maison-lumiere-soleil-hydrating-serum",
      sku: "MAI-SOL-0010-10MLTRAVEL",
    });
  });

  it("says whether an amount comes off each unit or off the order once", () => {
    const onBrand = readDraft({
      name: "AED 20",
      kind: "fixed",
      amount: "20",
      targetKind: "brand",
      targetValues: "nordic-pure",
    });
    const onOrder = readDraft({ name: "AED 20", kind: "fixed", amount: "20", targetKind: "order" });
    if (!onBrand.ok || !onOrder.ok) throw new Error("refused");
    expect(givesWords({ ...onBrand.promotion, id: 1, paused: false })).toBe("AED 20.00 off each unit it is on");
    expect(givesWords({ ...onOrder.promotion, id: 2, paused: false })).toBe("AED 20.00 off the order, once");
  });
});
