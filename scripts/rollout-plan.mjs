// What `npm run rollout -- <percent>` and `npm run rollback` ask of `wrangler versions deploy` (decision
// 0111, docs/deploying.md): pure, so tests/worker/rollout-plan.test.ts checks it without an account.
// `versions` is `wrangler versions list --json`; `deployment` is `wrangler deployments status --json`.

/** Versions newest first, by when they were uploaded. */
function newestFirst(versions) {
  return [...versions].sort((a, b) => Date.parse(b.metadata.created_on) - Date.parse(a.metadata.created_on));
}

function uploaded(versions, id) {
  return Date.parse(versions.find((version) => version.id === id)?.metadata.created_on ?? "") || 0;
}

/**
 * The version specs that send `percent` % of requests to the newest upload and the rest to the version live
 * now (the one with the most traffic that is not the newest).
 */
export function rolloutSpecs(percent, versions, deployment) {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) {
    throw new Error(
      "Give the share of requests for the new version, a whole number from 1 to 100: npm run rollout -- 10",
    );
  }
  const [newest] = newestFirst(versions);
  if (!newest) throw new Error("No version uploaded yet: run npm run deploy first.");
  const live = [...deployment.versions]
    .filter((version) => version.version_id !== newest.id)
    .sort((a, b) => b.percentage - a.percentage)[0];
  if (percent === 100 || !live) return [`${newest.id}@100%`];
  return [`${newest.id}@${percent}%`, `${live.version_id}@${100 - percent}%`];
}

/**
 * The version specs that send every request back to the version before: during a rollout, the older of the
 * two live versions; after one, the upload before the live version.
 */
export function rollbackSpecs(versions, deployment) {
  const live = [...deployment.versions].sort(
    (a, b) => uploaded(versions, a.version_id) - uploaded(versions, b.version_id),
  );
  if (live.length > 1) return [`${live[0].version_id}@100%`];
  const current = live[0]?.version_id;
  const before = newestFirst(versions).find((version) => uploaded(versions, version.id) < uploaded(versions, current));
  if (!before) throw new Error("There is no version before the live one to roll back to.");
  return [`${before.id}@100%`];
}
