import { env } from "cloudflare:test";

/** The first `count` products of the seeded catalogue with this availability, by id. */
export async function productSlugs(availability = "in_stock", count = 2): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT slug FROM cms_products WHERE availability = ?1 ORDER BY id LIMIT ?2")
    .bind(availability, count)
    .all<{ slug: string }>();
  return results.map((r) => r.slug);
}

/** A checkout form filled in as a shopper in Dubai would, delivered and paid in cash. */
export const customer = {
  firstName: "Mariam",
  lastName: "Al Suwaidi",
  email: "mariam@example.ae",
  phone: "050 123 4567",
  delivery: "transport",
  address: "Villa 12, Al Wasl Road",
  city: "Dubai",
  region: "Dubai",
  postcode: "",
  notes: "",
  payment: "cash",
  consent: "on",
} as const;
