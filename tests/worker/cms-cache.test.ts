import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { FRESH_MS, readThrough, cacheKey as shopKey } from "../../worker/platform/caches/kv-records";

// Made-up records go under a prefix of their own, so files running beside this one see the CMS's.
const PREFIX = `test-${crypto.randomUUID()}`;
const cacheKey = (model: Parameters<typeof shopKey>[0], locale: "en") => shopKey(model, locale, PREFIX);

import { fetchWorker } from "./fetch";

function deps(now: number) {
  const ctx = createExecutionContext();
  return {
    ctx,
    deps: { kv: env.CMS_CACHE, waitUntil: (p: Promise<unknown>) => ctx.waitUntil(p), now: () => now, prefix: PREFIX },
  };
}

describe("KV cache of contacts and menus", () => {
  it("fills the cache on the first read and serves fresh values without calling the CMS", async () => {
    const load = vi.fn(async () => ({ company: "First" }));
    const first = deps(1_000_000);
    expect(await readThrough(first.deps, "contact", "en", load)).toEqual({ company: "First" });
    await waitOnExecutionContext(first.ctx);
    expect(await env.CMS_CACHE.get(cacheKey("contact", "en"), "json")).toMatchObject({ value: { company: "First" } });
    const second = deps(1_000_000 + FRESH_MS - 1);
    expect(await readThrough(second.deps, "contact", "en", load)).toEqual({ company: "First" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves a stale value at once and refreshes it in the background", async () => {
    await env.CMS_CACHE.put(cacheKey("menu", "en"), JSON.stringify({ storedAt: 0, value: { id: "old" } }));
    const load = vi.fn(async () => ({ id: "new" }));
    const stale = deps(FRESH_MS * 2);
    expect(await readThrough(stale.deps, "menu", "en", load)).toEqual({ id: "old" });
    await waitOnExecutionContext(stale.ctx);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await env.CMS_CACHE.get(cacheKey("menu", "en"), "json")).toMatchObject({ value: { id: "new" } });
  });

  it("keeps serving the last good value when the CMS is down", async () => {
    await env.CMS_CACHE.put(cacheKey("top-menu", "en"), JSON.stringify({ storedAt: 0, value: { menu: ["kept"] } }));
    const down = vi.fn(async () => null);
    const later = deps(FRESH_MS * 10);
    expect(await readThrough(later.deps, "top-menu", "en", down)).toEqual({ menu: ["kept"] });
    await waitOnExecutionContext(later.ctx);
    expect(await env.CMS_CACHE.get(cacheKey("top-menu", "en"), "json")).toMatchObject({ value: { menu: ["kept"] } });
  });

  it("uses versioned per-locale keys", () => {
    expect(shopKey("footer-menu", "en")).toBe("cms:v1:footer-menu:en");
  });
});

describe("CMS webhook", () => {
  const post = (body: unknown, auth?: string) =>
    fetchWorker("/api/cms/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(auth ? { Authorization: auth } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("purges the changed model in every locale, and a repeat is harmless", async () => {
    await env.CMS_CACHE.put(shopKey("menu", "en"), JSON.stringify({ storedAt: Date.now(), value: {} }));
    await env.CMS_CACHE.put(shopKey("menu", "ar"), JSON.stringify({ storedAt: Date.now(), value: {} }));
    const event = { event: "entry.update", model: "menu", entry: { id: 1, locale: "en" } };
    const res = await post(event, "test-webhook-secret-0123456789abcdef");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, purged: ["cms:v1:menu:en", "cms:v1:menu:ar"] });
    expect(await env.CMS_CACHE.get(shopKey("menu", "en"))).toBeNull();
    expect(await env.CMS_CACHE.get(shopKey("menu", "ar"))).toBeNull();
    expect((await post(event, "Bearer test-webhook-secret-0123456789abcdef")).status).toBe(200);
  });

  it("refuses a wrong or missing secret with 401", async () => {
    expect((await post({ event: "entry.update", model: "menu" }, "wrong")).status).toBe(401);
    expect((await post({ event: "entry.update", model: "menu" })).status).toBe(401);
  });

  it("answers a malformed body with 400 and a message", async () => {
    const notJson = await post("{oops", "test-webhook-secret-0123456789abcdef");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "The body must be JSON: { event, model, entry }" });
    const noModel = await post({ event: "entry.update" }, "test-webhook-secret-0123456789abcdef");
    expect(noModel.status).toBe(400);
  });

  it("renders the layout from the CMS after a purge", async () => {
    await post({ event: "entry.update", model: "contact" }, "test-webhook-secret-0123456789abcdef");
    const html = await (await fetchWorker("/")).text();
    expect(html).toContain("hello@noorbeauty.ae");
    expect(html).toContain("Genuine beauty, thoughtfully chosen for the UAE.");
  });
});
