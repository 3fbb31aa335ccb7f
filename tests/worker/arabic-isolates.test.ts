import { describe, expect, it } from "vitest";
import { orderTableHtml } from "../../shared/mail-layout";
import { Browser } from "./support/browser-session";

/**
 * A size inside Arabic lines (client/components/variant-name.tsx): named in Arabic on Arabic pages ("30 مل",
 * from the seed's Arabic), isolated and kept on one line on the product page, its chosen label and in the bag,
 * so its number and unit never part or swap.
 */
const PERFUME = "/ar/catalog/fragrance/oud-and-amber-royal-oud-eau-de-parfum";

describe("sizes in an Arabic page", () => {
  it("isolates each size on the product page and in the bag", async () => {
    const shopper = new Browser();
    const page = await (await shopper.get(PERFUME)).text();
    expect(page).toContain('<bdi class="variant-name">30 مل</bdi>');
    expect(page).toContain('<bdi class="variant-name">100 مل</bdi>');
    expect(page).not.toContain(">30 ml<");
    // The chosen size in the label, "الحجم: 30 مل".
    expect(page).toMatch(/<strong><bdi class="variant-name">30 مل<\/bdi><\/strong>/);
    const added = await shopper.post(
      "/ar/cart/add",
      { slug: "oud-and-amber-royal-oud-eau-de-parfum", variant: "OUD-ROY-0020-30ML", quantity: "1" },
      { from: null },
    );
    expect(added.status).toBe(303);
    const bag = await (await shopper.get("/ar/cart")).text();
    expect(bag).toContain(' — <bdi class="variant-name">30 مل</bdi></a></p>');
    const checkout = await (await shopper.get("/ar/cart/order")).text();
    expect(checkout).toContain('— <bdi class="variant-name">30 مل</bdi>');
  });
});

describe("sizes and promotions in an Arabic e-mail", () => {
  it("isolates the size in the order table and each discount's name", () => {
    const html = orderTableHtml(
      {
        caption: "",
        headings: { product: "المنتج", quantity: "الكمية", price: "السعر" },
        lines: [{ name: "عطر رويال عود — 30 ml", quantity: 1, price: "201.00 د.إ." }],
        totals: [{ label: "Welcome 10", value: "−20.10 د.إ." }],
      },
      "right",
    );
    expect(html).toContain('<bdi>عطر رويال عود — <bdi style="white-space:nowrap">30 ml</bdi></bdi>');
    expect(html).toContain("<bdi>Welcome 10</bdi></th>");
  });
});
