// Types for tests/browser/draw-mail.mjs: the harness hands it Miniflare's D1 binding.
import type { Miniflare } from "miniflare";

type MiniflareD1 = Awaited<ReturnType<Miniflare["getD1Database"]>>;
/** Draws up to `limit` pending e-mails queued with a recipe (decision 0141); answers how many. */
export function drawQueuedMail(db: MiniflareD1, limit: number): Promise<number>;
