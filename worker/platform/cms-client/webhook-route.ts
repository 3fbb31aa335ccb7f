import { Hono } from "hono";
import { requireSecret } from "../../../shared/secrets";
import type { AppEnv, ShopBindings } from "../app-env";
import { CACHED_MODELS, type CachedModel, purgeModel } from "../caches/kv-records";
import { SEARCH_TAG } from "../caches/page-tags";
import { bumpTags } from "../caches/versions";
import { log } from "../log/log";
import { markStatement } from "../operations/ops-marks";
import { SERVICE } from "../routing/limit-presets";
import { type WriteSpec, writes } from "../routing/route-spec";
import { timingSafeEqual } from "../security/crypto";
import { changeTags, type EntryChange, entryFacts } from "./change-tags";

export type { EntryChange } from "./change-tags";

/**
 * Work that must follow a content change before the webhook answers (the search index): the
 * assembly hands it in, so this layer knows nothing of who listens. Answers how many records it
 * rewrote, or null when it could not (the webhook then answers 503 and Strapi retries).
 */
export type EntryChangeHook = (env: ShopBindings, change: EntryChange) => Promise<number | null>;

function entryId(entry: unknown): string | null {
  const id = entry && typeof entry === "object" ? (entry as { id?: unknown }).id : undefined;
  return typeof id === "number" || (typeof id === "string" && id.length > 0) ? String(id) : null;
}

/** The CMS's webhook: no shop session, no Origin (the shared secret authenticates it). */
const CMS_EVENT: WriteSpec = {
  body: "webhook",
  limits: SERVICE,
  csrf: { exempt: "the CMS sends a shared secret, compared in constant time" },
  session: "none",
  personal: false,
};

/**
 * POST /api/cms/webhook: Strapi's webhook (`{ event, model, entry }`) tells us a
 * record changed; we move on the tags of what shows it (change-tags.ts: the pages and
 * records that show the entry, decision 0086), forget a layout model's cached values in
 * every locale, and, once the search index has the change, search's tag. The
 * shared secret comes in the Authorization header (a static header configured
 * on the webhook in Strapi) and is compared in constant time. Repeats are harmless.
 */
export const cmsWebhook = (onEntryChange: EntryChangeHook) =>
  new Hono<AppEnv>().post("/webhook", writes(CMS_EVENT), async (c) => {
    const sent = c.req.header("authorization") ?? "";
    const secret = requireSecret(c.env, "CMS_WEBHOOK_SECRET");
    const presented = sent.replace(/^Bearer\s+/i, "");
    if (!presented || !timingSafeEqual(presented, secret)) {
      return c.json({ error: "Missing or wrong webhook secret" }, 401);
    }
    let payload: unknown;
    try {
      payload = await c.req.json();
    } catch {
      return c.json({ error: "The body must be JSON: { event, model, entry }" }, 400);
    }
    const { event, model, entry } = (payload ?? {}) as { event?: unknown; model?: unknown; entry?: unknown };
    if (typeof event !== "string" || !/^(entry|media)\.[a-z]+$/.test(event)) {
      return c.json({ error: 'Missing or unknown "event" (e.g. "entry.update")' }, 400);
    }
    if (typeof model !== "string" || model.length === 0) {
      return c.json({ error: 'Missing "model" (e.g. "menu")' }, 400);
    }
    const change: EntryChange = { event, model, entryId: entryId(entry), ...entryFacts(entry) };
    const cached = CACHED_MODELS.includes(model as CachedModel) ? (model as CachedModel) : null;
    const tags = await changeTags(c.env, change);
    const [version, purged] = await Promise.all([
      bumpTags(c.env.CMS_CACHE, tags),
      cached ? purgeModel(c.env.CMS_CACHE, cached) : Promise.resolve([]),
    ]);
    // After the tags moved on: a failure here must not leave the cached records of the change.
    const reindexed = await onEntryChange(c.env, change);
    if (reindexed === null) {
      return c.json({ error: "The CMS did not answer while reindexing search; send the webhook again" }, 503);
    }
    // The index answers differently now: kept search pages are made again.
    if (reindexed > 0) {
      await bumpTags(c.env.CMS_CACHE, [SEARCH_TAG]);
      tags.push(SEARCH_TAG);
    }
    // For the health page (/staff/health): the last webhook and what it moved; a failure here moves nothing back.
    await markStatement(c.env.DB, "webhook", new Date().toISOString(), { event, model, moved: tags })
      .run()
      .catch((error: unknown) => log.error("Recording the webhook failed", { error }));
    return c.json({ ok: true, event, model, tags, version, purged, reindexed });
  });
