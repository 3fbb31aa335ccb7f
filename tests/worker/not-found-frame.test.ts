import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { keptOnSecondAsk } from "../../worker/frame/shells/second-ask";
import { SHELL_SECONDS } from "../../worker/frame/shells/shell-store";
import { fetchWorker } from "./fetch";

/**
 * The 404 of a page being kept (an unknown slug, a listing's page past the last) is filled from the
 * locale's kept frame, not rendered (decision 0093): it must be the page a render would have made, for
 * every path and in both languages, with nothing of the frame's markers left.
 */
const ANON = { Cookie: `${LOCALE_COOKIE}=en` };
const MARKERS = /__not-found-(path|query)__/;

async function notFound(path: string): Promise<string> {
  const res = await fetchWorker(path, { headers: ANON });
  const html = await res.text();
  expect(res.status, path).toBe(404);
  return html;
}

/** Apart from the request's own nonce, two answers are the same page. */
function withoutNonce(html: string): string {
  return html.replace(/nonce="[^"]*"/g, 'nonce=""');
}

const unique = () => crypto.randomUUID().slice(0, 8);

describe("the kept 404 frame", () => {
  it.each([
    ["English", ""],
    ["Arabic", "/ar"],
  ])("fills in the path as a render writes it (%s)", async (_, prefix) => {
    // A path with an apostrophe does not fit the frame: it is rendered, the ordinary way.
    const id = unique();
    const rendered = await notFound(`${prefix}/catalog/skincare/no-such-${id}'x`);
    // The frame is kept by now (the render above made none: a second, plain path makes it).
    await notFound(`${prefix}/catalog/skincare/no-such-${unique()}`);
    const framed = await notFound(`${prefix}/catalog/skincare/no-such-${id}-x`);
    expect(framed).not.toMatch(MARKERS);
    expect(framed).toContain(`${prefix}/catalog/skincare/no-such-${id}-x`);
    // The rendered page with its path spelt as the framed one's is the framed page.
    const respelt = rendered
      .replaceAll(`no-such-${id}&#x27;x`, `no-such-${id}-x`)
      .replaceAll(`no-such-${id}'x`, `no-such-${id}-x`);
    expect(withoutNonce(framed)).toBe(withoutNonce(respelt));
  });

  it("names the path in the text, the canonical and the language switch", async () => {
    const path = `/catalog/skincare/no-such-${unique()}`;
    await notFound(`/catalog/skincare/no-such-${unique()}`);
    const html = await notFound(path);
    expect(html).toContain(`<link rel="canonical" href="https://shop.example${path}"`);
    expect(html).toContain(`<a href="/ar${path}" hrefLang="ar"`);
    expect(html).toContain(`Page not found: <bdi dir="ltr">${path}</bdi>`);
    expect(html).not.toMatch(MARKERS);
  });

  it("carries a listing's page number past the last into the language switch, and none when there is none", async () => {
    await notFound(`/catalog/skincare/no-such-${unique()}`);
    const past = await notFound("/catalog/skincare?page=77");
    expect(past).toMatch(/href="\/ar\/catalog\/skincare\?page=77"/);
    const plain = await notFound(`/catalog/skincare/no-such-${unique()}`);
    expect(plain).not.toMatch(/href="\/ar\/catalog\/skincare\/no-such-[a-z0-9-]+\?/);
    expect(past + plain).not.toMatch(MARKERS);
  });

  it("gives a visitor with nothing of their own the response's nonce, the one its CSP names", async () => {
    await notFound(`/catalog/skincare/no-such-${unique()}`);
    const res = await fetchWorker(`/catalog/skincare/no-such-${unique()}`, { headers: ANON });
    const html = await res.text();
    expect(res.headers.get("x-page-frame")).toBe("not-found");
    const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const nonces = [...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
  });

  it("answers many new unknown slugs at once, each with its own path", async () => {
    const paths = Array.from({ length: 30 }, (_, n) => `/catalog/skincare/no-such-${n}-${unique()}`);
    const pages = await Promise.all(paths.map(notFound));
    pages.forEach((html, n) => {
      expect(html).toContain(`Page not found: <bdi dir="ltr">${paths[n]}</bdi>`);
      expect(html).not.toMatch(MARKERS);
    });
  });
});

describe("the frame held in the isolate", () => {
  it("is judged by its tags on every use: a menu change shows in the next 404", async () => {
    // Held by now: made (or read) for an earlier 404 in this isolate.
    await notFound(`/catalog/skincare/no-such-${unique()}`);
    expect(await notFound(`/catalog/skincare/no-such-${unique()}`)).not.toContain("Catalogue of wonders");
    await env.DB.prepare(
      `UPDATE cms_single_types SET data = replace(data, '"title":"Catalog"', '"title":"Catalogue of wonders"')
       WHERE kind = 'menu' AND locale = 'en'`,
    ).run();
    const webhook = await fetchWorker("/api/cms/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "test-webhook-secret-0123456789abcdef" },
      body: JSON.stringify({ event: "entry.update", model: "menu", entry: { id: 1, locale: "en" } }),
    });
    expect(webhook.status).toBe(200);
    const after = await notFound(`/catalog/skincare/no-such-${unique()}`);
    expect(after).toContain("Catalogue of wonders");
    expect(after).not.toMatch(MARKERS);
  });
});

describe("a 404 kept under its own URL", () => {
  const ask = async (path: string) => {
    const res = await fetchWorker(path, { headers: ANON });
    await res.arrayBuffer();
    expect(res.status, path).toBe(404);
    return res.headers.get("x-page-shell");
  };
  /** Background writes of the requests before (the Cache API's) have landed. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it("is not kept for a slug asked once; asked twice it is, and answers from its copy from the third ask", async () => {
    const paths = Array.from({ length: 12 }, (_, n) => `/catalog/skincare/no-such-${n}-${unique()}`);
    expect(await Promise.all(paths.map(ask))).toEqual(paths.map(() => "miss"));
    await settle();
    // Nothing was kept of the first asks: the second is answered anew (and kept now).
    expect(await Promise.all(paths.map(ask))).toEqual(paths.map(() => "miss"));
    await settle();
    expect(await Promise.all(paths.map(ask))).toEqual(paths.map(() => "hit"));
  });

  it("never keeps a listing's page past the last: page 1, held, tells it, and a fill answers each ask", async () => {
    const n = 300 + Math.floor(Math.random() * 600);
    const paths = [`/catalog/skincare?page=${n}`, `/brands/argan-house?page=${n}`];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        paths.map(async (path) => {
          const res = await fetchWorker(path, { headers: ANON });
          expect(await res.text()).not.toMatch(MARKERS);
          return [res.status, res.headers.get("x-page-shell"), res.headers.get("x-page-frame")];
        }),
      );
      expect(answers).toEqual(paths.map(() => [404, "miss", "not-found"]));
      await settle();
    }
  });

  it("admits a 404 on its second ask within a kept shell's lifetime, on a controlled clock", () => {
    const key = `https://shop.example/__shell/no-such-${unique()}`;
    const at = 1_700_000_000_000;
    expect(keptOnSecondAsk(key, at)).toBe(false);
    expect(keptOnSecondAsk(key, at + SHELL_SECONDS * 1000 - 1)).toBe(true);
    // Admitted once; the next answer starts counting again.
    expect(keptOnSecondAsk(key, at + SHELL_SECONDS * 1000)).toBe(false);
    // A first ask is forgotten when a kept shell's lifetime has passed, to the millisecond.
    expect(keptOnSecondAsk(key, at + 2 * SHELL_SECONDS * 1000)).toBe(false);
    const other = `https://shop.example/__shell/no-such-${unique()}`;
    expect(keptOnSecondAsk(other, at)).toBe(false);
    expect(keptOnSecondAsk(other, at + SHELL_SECONDS * 1000)).toBe(false);
  });
});

describe("a made-up slug", () => {
  /** The product look-ups kept in KV, each as the number of products it found. */
  const productRecords = async () => {
    const { keys } = await env.CMS_CACHE.list({ prefix: "cms:record:productQuery:" });
    const found = await Promise.all(
      keys.map(async ({ name }) => {
        const record = await env.CMS_CACHE.get<{ value: { products: { data: unknown[] } } }>(name, "json");
        return record?.value.products.data.length ?? -1;
      }),
    );
    return found;
  };

  it("keeps a found product's record in KV with the tags it shows, worked out once", async () => {
    const listing = await (await fetchWorker("/catalog/skincare", { headers: ANON })).text();
    // The listing's last product (the next test asks for its first).
    const known = [...listing.matchAll(/href="\/catalog\/skincare\/([a-z0-9-]+)"/g)].at(-1)?.[1] ?? "";
    await (await fetchWorker(`/catalog/skincare/${known}?kv=${unique()}`, { headers: ANON })).arrayBuffer();
    type Kept = { value: { products: { data: { id: string }[] } }; tags?: string[] };
    const keptRecord = async (): Promise<Kept | undefined> => {
      const { keys } = await env.CMS_CACHE.list({ prefix: "cms:record:productQuery:" });
      const records = await Promise.all(keys.map(({ name }) => env.CMS_CACHE.get<Kept>(name, "json")));
      return (
        records.find((record) => record && JSON.stringify(record.value).includes(`"slug":"${known}"`)) ?? undefined
      );
    };
    let kept = await keptRecord();
    for (let attempt = 0; attempt < 100 && !kept; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      kept = await keptRecord();
    }
    const id = kept?.value.products.data[0]?.id;
    expect(id).toBeTruthy();
    expect(kept?.tags).toEqual(expect.arrayContaining([`product:en:${id}`, `product:slug:en:${known}`]));
  });

  it("leaves no record in KV: only a look-up that found something is kept there", async () => {
    const listing = await (await fetchWorker("/catalog/skincare", { headers: ANON })).text();
    const known = listing.match(/href="(\/catalog\/skincare\/[a-z0-9-]+)"/)?.[1];
    expect(known).toBeTruthy();
    const before = (await productRecords()).length;
    await notFound(`/catalog/skincare/no-such-${unique()}`);
    await notFound(`/catalog/skincare/no-such-${unique()}`);
    await (await fetchWorker(known ?? "", { headers: ANON })).arrayBuffer();
    // Records are written in the background: wait for the known product's (asked for last), and a little more.
    for (let attempt = 0; attempt < 100 && (await productRecords()).length === before; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const records = await productRecords();
    expect(records.length).toBe(before + 1);
    expect(records.every((found) => found === 1)).toBe(true);
  });
});
