import { inject } from "vitest";

export interface GraphqlAnswer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/** The two CMSs under comparison: the embedded one (inside the shop) and the real Strapi. */
export const backends = {
  embedded: () => `${inject("embeddedShopUrl")}/graphql`,
  strapi: () => `${inject("strapiUrl")}/graphql`,
} as const;
export type Backend = keyof typeof backends;

export async function graphql(
  backend: Backend,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphqlAnswer> {
  const res = await fetch(backends[backend](), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as GraphqlAnswer["body"] };
}
