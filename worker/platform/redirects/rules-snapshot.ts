import { log } from "../log/log";
import type { RedirectRule } from "./redirect-rules";

/**
 * The redirect rules kept in KV beside their version, so an isolate that has no copy of them (a
 * fresh one, or one whose copy aged out) learns them in the one KV read that fetches their version,
 * with no D1 round trip before its first answer (decision 0138).
 *
 * The snapshot names the version of the `redirects` tag it was read under. It is written by the
 * staff desk right after a save (the rules read on the primary, which has the save), and by a
 * request that found it missing or of another version (read on the primary too: a replica that
 * lags would put old rules under a new version, and they would stay). The version is always read
 * *before* the rules, so a snapshot never holds rules older than the version it names; a rule
 * saved in between only makes it older than the tag, and the next reader replaces it.
 *
 * It expires after SNAPSHOT_SECONDS, so a rule typed into D1 by hand without moving the version
 * (docs/emergency-sql.md says to move it) is still followed within the hour.
 */
export const SNAPSHOT_KEY = "redirects:rules";
const SNAPSHOT_SECONDS = 60 * 60;

type SnapshotRule = [fromPath: string, toTarget: string, status: 301 | 302];

interface Snapshot {
  version: string;
  rules: SnapshotRule[];
}

/** The snapshot's rules when it was taken under `version`, or null (missing, of another version, unreadable). */
export function snapshotRules(text: string | null, version: string): Map<string, RedirectRule> | null {
  if (text === null) return null;
  try {
    const snapshot = JSON.parse(text) as Snapshot;
    if (snapshot.version !== version || !Array.isArray(snapshot.rules)) return null;
    return new Map(snapshot.rules.map(([fromPath, toTarget, status]) => [fromPath, { fromPath, toTarget, status }]));
  } catch {
    return null;
  }
}

/** Keeps `rules` in KV as read under `version`; a failure is logged, and the next reader reads D1 again. */
export async function keepSnapshot(
  env: { CMS_CACHE: KVNamespace },
  rules: ReadonlyMap<string, RedirectRule>,
  version: string,
): Promise<void> {
  const snapshot: Snapshot = {
    version,
    rules: [...rules.values()].map((rule) => [rule.fromPath, rule.toTarget, rule.status]),
  };
  try {
    await env.CMS_CACHE.put(SNAPSHOT_KEY, JSON.stringify(snapshot), { expirationTtl: SNAPSHOT_SECONDS });
  } catch (error) {
    log.error("The redirect rules could not be kept in KV", { error });
  }
}
