import { describe, expect, inject, it } from "vitest";
import { checkoutForm, ShopJar } from "./shop-jar";

/**
 * Shades and sizes come from the real Strapi (the repeatable component product.variant) and a
 * shopper orders a shade through the Strapi-backed shop's plain forms: the bag, the order page
 * and the staff-facing order line all name the shade.
 */
const LIPSTICK = "velvet-hue-tools-matte-liquid-lipstick";
const MOCHA = "VEL-TOO-0046-MOCHA";
const tag = Date.now().toString(36);

const decoded = async (res: Response) => (await res.text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe("variants from a real Strapi", () => {
  it("answers the lipstick's shades from Strapi's GraphQL, each with its SKU, price and swatch", async () => {
    const res = await fetch(`${inject("strapiUrl")}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `{ products(filters: { slug: { eq: "${LIPSTICK}" } }) { data { attributes {
          variants { name kind sku price swatch image { data { attributes { url } } } } } } } }`,
      }),
    });
    const body = (await res.json()) as {
      data: {
        products: {
          data: {
            attributes: {
              variants: { name: string; kind: string; sku: string; swatch: string; image: { data: unknown } }[];
            };
          }[];
        };
      };
    };
    const variants = body.data.products.data[0]!.attributes.variants;
    expect(variants.map((v) => v.name)).toEqual([
      "Rosewood",
      "Nude Silk",
      "Desert Rose",
      "Mocha",
      "Berry Noir",
      "Coral Reef",
      "Ruby",
      "Mauve",
    ]);
    expect(variants.every((v) => v.kind === "shade" && /^#[0-9A-F]{6}$/i.test(v.swatch) && v.image.data)).toBe(true);
  });

  it("names the shades in Arabic on Strapi's Arabic product page (the localization's own variants)", async () => {
    const shopper = new ShopJar(inject("shopUrl"));
    const page = await decoded(await shopper.send(`/ar/catalog/makeup/${LIPSTICK}?variant=${MOCHA}`));
    expect(page).toMatch(/<strong><bdi class="variant-name"[^>]*>موكا<\/bdi><\/strong>/);
    expect(page).toContain('title="خشب الورد"');
    expect(page).not.toContain('title="Rosewood"');
  });

  it("orders a shade through the Strapi-backed shop, named by its shade in the bag and on the order page", async () => {
    const shopper = new ShopJar(inject("shopUrl"));
    await shopper.send(`/catalog/makeup/${LIPSTICK}`);
    expect((await shopper.send("/cart/add", { slug: LIPSTICK, variant: MOCHA, quantity: "2" })).status).toBe(303);
    const bag = await decoded(await shopper.send("/cart"));
    expect(bag).toContain("Tools Matte Liquid Lipstick — Mocha");
    const placed = await shopper.send(
      "/cart/order",
      checkoutForm({ firstName: "Noura", lastName: `Shade${tag}`, email: `noura.${tag}@example.ae` }),
    );
    expect(placed.status).toBe(303);
    const location = placed.headers.get("location") ?? "";
    expect(location).toMatch(/^\/cart\/order\/NB-/);
    const page = await decoded(await shopper.send(location));
    expect(page).toContain("Tools Matte Liquid Lipstick — Mocha");
  });
});

/**
 * One stock truth with a real Strapi (decision 0107): Strapi gives the foundation's shades no availability
 * (shown "Out of stock" were it alone), while the shop's D1 counts them (Sand 15, Honey 0 in the seed).
 */
describe("one stock truth with a real Strapi", () => {
  const FOUNDATION = "velvet-hue-eyes-long-wear-foundation";
  const buyBox = (html: string) => {
    const start = html.indexOf('<div class="product-details">');
    return html.slice(start, html.indexOf('aria-labelledby="about"', start));
  };

  it("sells what D1 counts whatever Strapi's flag, offers the alert where D1 has none, and leads 'Popular' with what can be bought", async () => {
    const res = await fetch(`${inject("strapiUrl")}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `{ products(filters: { slug: { eq: "${FOUNDATION}" } }) { data { attributes { availability } } } }`,
      }),
    });
    const body = (await res.json()) as {
      data: { products: { data: { attributes: { availability: string | null } }[] } };
    };
    // Strapi says nothing of its stock: the enumeration's "none" (the seed's word for "not said").
    expect(body.data.products.data[0]!.attributes.availability).toBe("none");

    const shopper = new ShopJar(inject("shopUrl"));
    const sand = buyBox(await decoded(await shopper.send(`/catalog/makeup/${FOUNDATION}?variant=VEL-EYE-0038-SAND`)));
    expect(sand).toMatch(/availability--in">In stock</);
    expect(sand).not.toContain("Tell me when it's back");
    const honey = buyBox(await decoded(await shopper.send(`/catalog/makeup/${FOUNDATION}?variant=VEL-EYE-0038-HONEY`)));
    expect(honey).toMatch(/availability--out">Out of stock</);
    expect(honey).toContain("Tell me when it's back");
    expect(
      (await shopper.send("/cart/add", { slug: FOUNDATION, variant: "VEL-EYE-0038-SAND", quantity: "1" })).status,
    ).toBe(303);
    expect(await decoded(await shopper.send("/cart"))).toContain("Long-Wear Foundation");

    // "Popular": the first card of the listing is one a shopper can buy.
    const listing = await decoded(await shopper.send("/catalog/makeup"));
    const first = listing.slice(listing.indexOf('<a class="product-card__image"'));
    expect(first.slice(0, first.indexOf("</article>"))).not.toMatch(/availability--out">Out of stock</);
  });
});
