// Seeds the local D1: the embedded CMS's content (when the seed exists). Restarts keep shoppers' data
// (orders, bags, accounts, stock counts). A seed unchanged since the last start only adds rows that are
// missing; a changed one (a new contacts address, a product's new text) writes the CMS's rows over with
// its own (dist/seed-refresh.sql), so a checkout pulled with a new seed shows it on the next `npm start`.
// Which seed the database holds is the SHA-256 of its SQL, kept beside the local D1's files.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const seedFile = resolve(root, "dist/seed.sql");
const refreshFile = resolve(root, "dist/seed-refresh.sql");
const seededWith = resolve(root, ".wrangler/state/v3/d1/seed.sha256");
const builder = resolve(root, "scripts/build-seed.mjs");
if (!existsSync(builder)) {
  console.log("No seed builder yet: skipping the seed.");
  process.exit(0);
}
execFileSync("node", [builder], { cwd: root, stdio: "inherit" });
const hash = createHash("sha256").update(readFileSync(seedFile)).digest("hex");
// No record (a first start, or a database seeded before the record was kept): written over, to be sure.
const changed = !existsSync(seededWith) || readFileSync(seededWith, "utf8").trim() !== hash;
/** Runs wrangler on the local state, without metrics; answers what it printed. */
const wrangler = (...args) =>
  execFileSync("npx", ["wrangler", ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  }).toString();
const kv = (...args) => wrangler("kv", ...args, "--binding", "CMS_CACHE", "--local");

wrangler("d1", "execute", "DB", "--local", "--file", changed ? refreshFile : seedFile, "-y");
mkdirSync(dirname(seededWith), { recursive: true });
writeFileSync(seededWith, `${hash}\n`);
// The seed may have added products: the next search rebuilds the search index from the CMS.
wrangler(
  "d1",
  "execute",
  "DB",
  "--local",
  "-y",
  "--command",
  "UPDATE search_state SET built_at = NULL, building_since = NULL",
);
// The embedded CMS's content may have changed with the seed: move the content version on,
// so no catalogue record or page shell cached before is served again.
kv("key", "put", "cms:content-version", `seed-${Date.now().toString(36)}`);
// A changed seed may hold new contacts or menus: forget the ones KV keeps (caches/kv-records.ts, keys
// `cms:<CACHE_VERSION>:<model>:<locale>`), as the CMS's webhook does, so the next page shows the seed's.
if (changed) {
  const kept = JSON.parse(kv("key", "list", "--prefix", "cms:v1:")).map((entry) => entry.name);
  if (kept.length > 0) {
    const list = resolve(root, ".wrangler/state/v3/layout-keys.json");
    writeFileSync(list, JSON.stringify(kept));
    kv("bulk", "delete", list, "--force");
  }
}
console.log(changed ? "Local D1 seeded (the CMS's content from this seed)." : "Local D1 seeded.");
