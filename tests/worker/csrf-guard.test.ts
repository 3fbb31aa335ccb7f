import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { fetchWorker } from "./fetch";

async function aProduct(): Promise<string> {
  const row = await env.DB.prepare("SELECT slug FROM cms_products WHERE availability = 'in_stock' LIMIT 1").first<{
    slug: string;
  }>();
  return row!.slug;
}

function addToBag(slug: string, headers: Record<string, string>): Promise<Response> {
  return fetchWorker("/cart/add", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ slug, quantity: "1" }),
  });
}

describe("the cross-site request guard", () => {
  it("refuses a form post from another site with 403 and a message a shopper can act on", async () => {
    const res = await addToBag(await aProduct(), { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe(
      "This form was sent from another site, so we did not accept it. Please go back to the shop, reload the page and try again.",
    );
  });

  it("refuses a browser-like form post that says neither its Origin nor its Sec-Fetch-Site", async () => {
    expect((await addToBag(await aProduct(), {})).status).toBe(403);
  });

  it("accepts a post from this site, told by its Origin or by Sec-Fetch-Site alone", async () => {
    const slug = await aProduct();
    expect((await addToBag(slug, { Origin: "https://shop.example" })).status).toBe(303);
    expect((await addToBag(slug, { "Sec-Fetch-Site": "same-origin" })).status).toBe(303);
  });

  it("leaves the webhooks and the Bearer-token CMS API to their own guards", async () => {
    const webhook = await fetchWorker("/api/cms/webhook", {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "{}",
    });
    expect(webhook.status).toBe(401);
    const login = await fetchWorker("/api/auth/local", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "cf-connecting-ip": "10.250.1.1" },
      body: new URLSearchParams({ identifier: "nobody@example.com", password: "not-the-password" }),
    });
    expect(login.status).toBe(400);
  });

  it("puts no token in pages and sets no cookie for one", async () => {
    const res = await fetchWorker("/catalog/skincare", { headers: { Cookie: `${LOCALE_COOKIE}=en` } });
    expect(await res.text()).not.toContain('name="_csrf"');
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
