// Seeds the local D1 once: the embedded CMS's content (when the seed exists)
// goes in only while the database has none, so restarts keep shoppers' data.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const seedFile = resolve(root, "dist/seed.sql");
const builder = resolve(root, "scripts/build-seed.mjs");
if (!existsSync(builder)) {
  console.log("No seed builder yet: skipping the seed.");
  process.exit(0);
}
execFileSync("node", [builder], { cwd: root, stdio: "inherit" });
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", seedFile, "-y"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
});
// The seed may have added products: the next search rebuilds the search index from the CMS.
execFileSync(
  "npx",
  [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "-y",
    "--command",
    "UPDATE search_state SET built_at = NULL, building_since = NULL",
  ],
  { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);
// The embedded CMS's content may have changed with the seed: move the content version on,
// so no catalogue record or page shell cached before is served again.
execFileSync(
  "npx",
  [
    "wrangler",
    "kv",
    "key",
    "put",
    "cms:content-version",
    `seed-${Date.now().toString(36)}`,
    "--binding",
    "CMS_CACHE",
    "--local",
  ],
  { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);
console.log("Local D1 seeded.");
