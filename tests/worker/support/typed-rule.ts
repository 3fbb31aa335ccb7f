import { env } from "cloudflare:test";
import { bumpTags } from "../../../worker/platform/caches/versions";
import { listRedirectRules } from "../../../worker/platform/redirects/redirect-rules";
import { keepSnapshot } from "../../../worker/platform/redirects/rules-snapshot";
import { sendWith } from "./app-request";

/**
 * A redirect rule typed into D1 by hand, then the rules' version moved as docs/emergency-sql.md says,
 * so the shop reads the rules again instead of their KV snapshot (redirects/rules-snapshot.ts).
 */
export async function typeRule(fromPath: string, toTarget: string, status: 301 | 302 = 301): Promise<void> {
  await env.DB.prepare("INSERT INTO redirect_rules (from_path, to_target, status) VALUES (?1, ?2, ?3)")
    .bind(fromPath, toTarget, status)
    .run();
  await bumpTags(env.CMS_CACHE, ["redirects"]);
}

/**
 * The rules as a shop that has served before has them (decision 0138): their snapshot of the current
 * version in KV, and this isolate's copy current, not one left by another file's shop of another version.
 */
export async function rulesAsServed(): Promise<void> {
  const version = (await env.CMS_CACHE.get("ver:redirects")) ?? "0";
  await keepSnapshot(env, await listRedirectRules(env.DB), version);
  // The tests' bindings read the rules on every request (REDIRECT_CACHE_SECONDS=0): this one holds them.
  await sendWith(env)("/company", {});
}
