import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";

const SAME_AS_GET = ["content-type", "cache-control", "cdn-cache-control", "etag", "vary"];

function pick(res: Response, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, res.headers.get(name)]));
}

/** A page asked until its kept copy answers (the first GET renders and keeps it). */
async function keptGet(path: string, init?: RequestInit): Promise<Response> {
  for (let i = 0; i < 20; i++) {
    const res = await fetchWorker(path, init);
    if (res.headers.get("x-page-shell") === "hit") return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} was never kept`);
}

describe("HEAD", () => {
  it("answers from the kept page with the headers a GET sends, and the GET body's length", async () => {
    const get = await keptGet("/catalog/skincare");
    const bytes = (await get.arrayBuffer()).byteLength;
    const head = await fetchWorker("/catalog/skincare", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-shell")).toBe("hit");
    expect(pick(head, SAME_AS_GET)).toEqual(pick(get, SAME_AS_GET));
    expect(head.headers.get("etag")).toMatch(/^"/);
    expect(head.headers.get("content-length")).toBe(String(bytes));
    expect(await head.text()).toBe("");
  });

  it("answers 304 to a matching If-None-Match, as a GET does", async () => {
    const get = await keptGet("/brands");
    await get.arrayBuffer();
    const head = await fetchWorker("/brands", {
      method: "HEAD",
      headers: { "If-None-Match": get.headers.get("etag")! },
    });
    expect(head.status).toBe(304);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
  });

  it("gives the length of what is not a page too (robots.txt), and none when the platform compresses the GET", async () => {
    const get = await fetchWorker("/robots.txt");
    const bytes = (await get.arrayBuffer()).byteLength;
    const head = await fetchWorker("/robots.txt", { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(bytes));
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
    expect(head.headers.get("vary")).toContain("Accept-Encoding");
    // The browser accepts gzip (the platform tells the worker in cf.clientAcceptEncoding): the GET goes out
    // compressed and chunked, and a length counted here would be of the uncompressed bytes.
    const gzip = await fetchWorker("/robots.txt", { method: "HEAD", headers: { "Accept-Encoding": "gzip, br" } });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get("content-length")).toBeNull();
  });
});

describe("Vary", () => {
  it("names Accept-Encoding on every answer that may go out compressed, and Cookie on a kept page", async () => {
    for (const path of ["/catalog/skincare", "/robots.txt", "/sitemap.xml", "/no-such-page"]) {
      const res = await fetchWorker(path);
      await res.arrayBuffer();
      expect(res.headers.get("vary"), path).toContain("Accept-Encoding");
    }
    const page = await keptGet("/catalog/skincare");
    await page.arrayBuffer();
    expect(page.headers.get("vary")?.split(", ")).toEqual(expect.arrayContaining(["Cookie", "Accept-Encoding"]));
  });

  it("names Accept-Language and Cookie on the home page, which answers by them when no locale is remembered", async () => {
    const res = await fetchWorker("/", { headers: { "Accept-Language": "en-GB" } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")?.split(", ")).toEqual(
      expect.arrayContaining(["Accept-Language", "Cookie", "Accept-Encoding"]),
    );
  });
});
