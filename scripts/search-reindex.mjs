// `npm run search:reindex [-- --remote] [-- --url https://shop.example]`: rebuilds the shop's
// search index from the CMS. It marks the index stale in D1 (local, or production's with
// --remote) and moves the content version on (so no suggestion kept per isolate outlives it);
// the next search rebuilds the index from the CMS's records, searches meanwhile use the old one.
// With --url it makes that next search itself, so the rebuild is done when the command ends.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const remote = args.includes("--remote");
const urlAt = args.indexOf("--url");
const url = urlAt >= 0 ? args[urlAt + 1] : null;
if (urlAt >= 0 && !/^https?:\/\/[^\s]+$/.test(url ?? "")) {
  console.error("Usage: npm run search:reindex [-- --remote] [-- --url https://your-shop.example]");
  process.exit(2);
}
const where = remote ? "--remote" : "--local";
const run = (command) =>
  execFileSync("npx", ["wrangler", ...command], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });

run([
  "d1",
  "execute",
  "DB",
  where,
  "-y",
  "--command",
  "UPDATE search_state SET built_at = NULL, building_since = NULL",
]);
run(["kv", "key", "put", "cms:content-version", `reindex-${Date.now().toString(36)}`, "--binding", "CMS_CACHE", where]);
console.log(`Search index marked for rebuilding${remote ? " in production" : ""}.`);

if (url) {
  const started = Date.now();
  const probe = `${url.replace(/\/+$/, "")}/catalog-api/suggest?q=reindex${started.toString(36)}`;
  const res = await fetch(probe, { headers: { Accept: "application/json" } });
  if (!res.ok) {
    console.error(`${probe} answered ${res.status}: the index is rebuilt on the next search instead.`);
    process.exit(1);
  }
  console.log(`Rebuilt from the CMS in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} else {
  console.log("The next search rebuilds it from the CMS (or pass --url to do it now).");
}
