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
    const pages = (await (
      await fetch(`${inject("strapiUrl")}/api/pages?filters[slug][$eq]=company&locale=en`)
    ).json()) as { data: { id: number; attributes: { title: string } }[] };
    const company = pages.data[0];
    // What this test changes it puts back: the other files compare these pages with the embedded CMS's.
    try {
      await strapiPut("/contact?locale=en", { phone });
      await expect
        .poll(async () => (await page("/company")).includes(phone), { timeout: 10_000, interval: 250 })
        .toBe(true);

      const title = `About Noor Beauty, est. ${new Date().getUTCFullYear() - 10}`;
      await strapiPut(`/pages/${company.id}`, { title });
      await expect
        .poll(async () => (await page("/company")).match(/<h1[^>]*>([^<]*)</)?.[1], {
          timeout: 10_000,
          interval: 250,
        })
        .toBe(title);
    } finally {
      await strapiPut("/contact?locale=en", { phone: "+971 4 330 2188" });
      await strapiPut(`/pages/${company.id}`, { title: company.attributes.title });
      // Until the kept page shows them again (the first views after a change are its stale copy).
      await expect
        .poll(async () => (await page("/company")).match(/<h1[^>]*>([^<]*)</)?.[1], {
          timeout: 10_000,
          interval: 250,
        })
        .toBe(company.attributes.title);
      await expect
        .poll(async () => (await page("/company")).includes("+971 4 330 2188"), { timeout: 10_000, interval: 250 })
        .toBe(true);
    }
  });
});

interface StrapiProduct {
  id: number;
  attributes: {
    slug: string;
    price: number;
    category: { data: { id: number; attributes: { slug: string } } | null };
    line: { data: { id: number } | null };
  };
}

/** How the shop answered a page: from its kept shell ("hit"), stale, or rendered ("miss"). */
async function shellState(path: string): Promise<string | null> {
  const res = await fetch(inject("shopUrl") + path, { headers: { cookie: "i18n_redirected=en" } });
  await res.arrayBuffer();
  return res.headers.get("x-page-shell");
}

describe("a product edit in Strapi refreshes the pages that show it, and no others (decision 0086)", () => {
  it("shows a new price on the product's page while another category's product page keeps its shell", async () => {
    const listed = (await (
      await fetch(
        `${inject("strapiUrl")}/api/products?locale=en&populate[0]=category&populate[1]=line&pagination[pageSize]=100`,
      )
    ).json()) as { data: StrapiProduct[] };
    const inCategory = listed.data.filter((p) => p.attributes.category.data);
    const changed = inCategory[0];
    const other = inCategory.find(
      (p) =>
        p.attributes.category.data?.id !== changed.attributes.category.data?.id &&
        (p.attributes.line.data?.id ?? -1) !== (changed.attributes.line.data?.id ?? -2),
    );
    expect(changed && other).toBeTruthy();
    const pathOf = (p: StrapiProduct) => `/catalog/${p.attributes.category.data?.attributes.slug}/${p.attributes.slug}`;
    for (const path of [pathOf(changed), pathOf(other!)]) {
      await expect.poll(() => shellState(path), { timeout: 10_000, interval: 100 }).toBe("hit");
    }

    const price = changed.attributes.price + 3;
    await strapiPut(`/products/${changed.id}`, { price });
    await expect
      .poll(async () => (await page(pathOf(changed))).includes(`"price":"${price.toFixed(2)}"`), {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(true);
    expect(await shellState(pathOf(other!))).toBe("hit");
    await strapiPut(`/products/${changed.id}`, { price: changed.attributes.price });
    await expect
      .poll(async () => (await page(pathOf(changed))).includes(`"price":"${changed.attributes.price.toFixed(2)}"`), {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(true);
  });
});

describe("a post edit in Strapi reaches the search's articles, which the shop holds (issue 22)", () => {
  it("finds a post by a word just added to its excerpt, and no longer once it is taken out", async () => {
    const word = `moonflower${String(Date.now()).slice(-5)}`;
    const articles = async () => {
      const html = await page(`/search?q=${word}`);
      return html.split('id="search-posts"')[1]?.match(/<h3 class="post-card__title"><a[^>]*>([^<]+)</)?.[1] ?? null;
    };
    const posts = (await (
      await fetch(`${inject("strapiUrl")}/api/blog-posts?filters[slug][$eq]=choose-vitamin-c-serum&locale=en`)
    ).json()) as { data: { id: number; attributes: { title: string; excerpt: string } }[] };
    const post = posts.data[0];
    expect(await articles()).toBeNull();
    try {
      await strapiPut(`/blog-posts/${post.id}`, { excerpt: `${post.attributes.excerpt} With ${word}.` });
      await expect.poll(articles, { timeout: 10_000, interval: 250 }).toBe(post.attributes.title);
    } finally {
      await strapiPut(`/blog-posts/${post.id}`, { excerpt: post.attributes.excerpt });
    }
    await expect.poll(articles, { timeout: 10_000, interval: 250 }).toBeNull();
  });
});
