import { env } from "cloudflare:test";
import { bumpTags } from "../../../worker/platform/caches/versions";

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
