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
