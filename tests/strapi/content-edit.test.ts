import { describe, expect, inject, it } from "vitest";

/**
 * Staff edit content in Strapi (here through its REST API with an API token, as the admin
 * does underneath); Strapi's webhook tells the shop, and the next shopper sees the change:
 * the contacts (cached in KV for minutes, so only the webhook's purge can show the change
 * this soon) and an information page. Asserts on the page a shopper gets, not on caches.
 */
async function strapiPut(path: string, data: Record<string, unknown>) {
  const res = await fetch(`${inject("strapiUrl")}/api${path}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${inject("strapiApiToken")}` },
    body: JSON.stringify({ data }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function page(path: string): Promise<string> {
  const res = await fetch(inject("shopUrl") + path);
  expect(res.status).toBe(200);
  return res.text();
}

describe("a content edit in Strapi reaches the shop's pages through the webhook", () => {
  it("shows a new phone number in the layout and a new page title soon after the edit", async () => {
    const before = await page("/company");
    expect(before).toContain("+971 4 330 2188");
    expect(before).toContain("About Noor Beauty");
    // Read twice: the layout is now served from the KV cache, fresh for minutes.
    await page("/delivery");

    const phone = `+971 4 555 ${String(Date.now()).slice(-4)}`;
    await strapiPut("/contact?locale=en", { phone });
    await expect
      .poll(async () => (await page("/company")).includes(phone), { timeout: 10_000, interval: 250 })
      .toBe(true);

    const pages = (await (
      await fetch(`${inject("strapiUrl")}/api/pages?filters[slug][$eq]=company&locale=en`)
    ).json()) as { data: { id: number }[] };
    const title = `About Noor Beauty, est. ${new Date().getUTCFullYear() - 10}`;
    await strapiPut(`/pages/${pages.data[0].id}`, { title });
    await expect
      .poll(async () => (await page("/company")).match(/<h1[^>]*>([^<]*)</)?.[1], { timeout: 10_000, interval: 250 })
      .toBe(title);
  });
});
