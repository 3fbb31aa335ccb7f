import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { fetchWorker } from "./fetch";

/**
 * A search page for words nobody searched before is filled from the frame of its results, not rendered
 * (decision 0093, worker/frame/shells/search-frame.ts): it must be the page a render would have made, for
 * every place the page writes the words, in both languages, with nothing of the frame's markers left,
 * and a change to what it shows must remake the frame.
 */
const ANON = { Cookie: `${LOCALE_COOKIE}=en` };
const MARKERS = /qframe/;
const unique = () => crypto.randomUUID().replaceAll("-", "").slice(0, 8);

async function search(path: string): Promise<{ html: string; framed: string | null }> {
  const res = await fetchWorker(path, { headers: ANON });
  const html = await res.text();
  expect(res.status, path).toBe(200);
  return { html, framed: res.headers.get("x-page-frame") };
}

/** Apart from the request's own nonce, two answers are the same page. */
function withoutNonce(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""');
}

/** The same page, or where the two first differ (a page is too long for the assertion's own diff). */
function expectSamePage(actual: string, expected: string): void {
  const [a, b] = [withoutNonce(actual), withoutNonce(expected)];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  expect(a.slice(Math.max(0, at - 120), at + 120)).toBe(b.slice(Math.max(0, at - 120), at + 120));
  expect(a.length).toBe(b.length);
}

/** Every spelling of the words `from` in a page (text, a URL's `%20` and `+`) respelt as `to`. */
function respelt(html: string, from: string, to: string): string {
  const asQueryValue = (text: string) => new URLSearchParams({ q: text }).toString().slice(2);
  const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
  return html
    .replaceAll(escaped(encodeURIComponent(from)), encodeURIComponent(to))
    .replaceAll(encodeURIComponent(from), encodeURIComponent(to))
    .replaceAll(asQueryValue(from), asQueryValue(to))
    .replaceAll(escaped(from), to)
    .replaceAll(from, to);
}

describe("the search page's frames", () => {
  it.each([
    ["English, products found", "", "serum"],
    ["Arabic, products found", "/ar", "serum"],
    ["English, nothing found (popular products)", "", "zzqxv"],
  ])("fill in the words as a render writes them (%s)", async (_, prefix, first) => {
    const word = unique();
    // A word with an apostrophe does not fit a frame: it is rendered, the ordinary way.
    const rendered = await search(`${prefix}/search?q=${first}+${word}'`);
    expect(rendered.framed).toBeNull();
    // Another new word with the same results makes the frame; a third is filled from it.
    const made = await search(`${prefix}/search?q=${first}+${unique()}`);
    expect(made.framed).toBe("search");
    const framed = await search(`${prefix}/search?q=${first}+${word}`);
    expect(framed.framed).toBe("search");
    expect(framed.html).not.toMatch(MARKERS);
    expect(framed.html).toContain(`value="${first} ${word}"`);
    expect(framed.html).toContain(`/search?q=${first}%20${word}`);
    expectSamePage(framed.html, respelt(rendered.html, `${first} ${word}'`, `${first} ${word}`));
  });

  it("fills Arabic words, percent-encoded in its links as a render encodes them", async () => {
    const words = `عطر ${unique()}`;
    const rendered = await search(`/ar/search?q=${encodeURIComponent(`${words}'`)}`);
    await search(`/ar/search?q=${encodeURIComponent(`عطر ${unique()}`)}`);
    const framed = await search(`/ar/search?q=${encodeURIComponent(words)}`);
    expect(framed.framed).toBe("search");
    expect(framed.html).toContain(encodeURIComponent(words));
    expectSamePage(framed.html, respelt(rendered.html, `${words}'`, words));
  });

  it("answers many new words at once, each page with its own words", async () => {
    const words = Array.from({ length: 20 }, () => `serum ${unique()}`);
    const pages = await Promise.all(words.map((q) => search(`/search?q=${encodeURIComponent(q)}`)));
    pages.forEach(({ html }, n) => {
      expect(html).toContain(`value="${words[n]}"`);
      expect(html).not.toMatch(MARKERS);
    });
    expect(pages.filter(({ framed }) => framed === "search").length).toBeGreaterThan(0);
  });

  it("is made again when a product it shows changes its price", async () => {
    const before = await search(`/search?q=serum+${unique()}`);
    const slug = before.html.match(/href="\/catalog\/[a-z0-9-]+\/([a-z0-9-]+)"/)?.[1] ?? "";
    const product = await env.DB.prepare("SELECT id, price FROM cms_products WHERE slug = ?1")
      .bind(slug)
      .first<{ id: number; price: number }>();
    expect(product).not.toBeNull();
    const price = (product?.price ?? 0) + 1234;
    await env.DB.prepare("UPDATE cms_products SET price = ?2 WHERE id = ?1").bind(product?.id, price).run();
    try {
      const webhook = await fetchWorker("/api/cms/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "test-webhook-secret-0123456789abcdef" },
        body: JSON.stringify({
          event: "entry.update",
          model: "product",
          entry: { id: product?.id, slug, locale: "en" },
        }),
      });
      expect(webhook.status).toBe(200);
      const after = await search(`/search?q=serum+${unique()}`);
      expect(after.framed).toBe("search");
      expect(after.html).toContain(price.toLocaleString("en-US"));
      expect(before.html).not.toContain(price.toLocaleString("en-US"));
    } finally {
      await env.DB.prepare("UPDATE cms_products SET price = ?2 WHERE id = ?1").bind(product?.id, product?.price).run();
    }
  });

  it("is kept under the page's own URL only on the second ask, and answers from it on the third", async () => {
    const path = `/search?q=serum+${unique()}`;
    const states = [];
    for (const _ of [1, 2, 3]) {
      const res = await fetchWorker(path, { headers: ANON });
      await res.arrayBuffer();
      states.push(res.headers.get("x-page-shell"));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(states).toEqual(["miss", "miss", "hit"]);
  });
});
