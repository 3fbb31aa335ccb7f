// `npm run bench:strapi`: the same pages' throughput with the embedded CMS and with a real Strapi
// behind the shop, in three states: cold (page shells off, so every request renders, and
// CMS_CACHE_ENABLED=false, so every record comes from the CMS), records warm (page shells off, records
// from KV) and all warm (the kept page shell). Also prints Strapi's install size and start times.
//   BENCH_SECONDS=5 npm run bench:strapi
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { readDevVars, startFreshShop } from "../serve.mjs";
import { installStrapi, startStrapi, strapiHome } from "./strapi-process.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const port = Number(process.env.STRAPI_BENCH_PORT ?? 1340);
const pages = ["/company", "/catalog/skincare"];
const STATES = [
  { name: "cold", cache: "false", misses: true },
  { name: "records warm", cache: "true", misses: true },
  { name: "all warm", cache: "true", misses: false },
];

function commit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "no git";
  }
}

installStrapi();
// The first line names its day and commit: the docs check (scripts/check-docs.mjs) finds pasted figures by it.
console.log(
  `Bench of ${new Date().toISOString().slice(0, 10)} on \`${commit()}\` · ${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}) · embedded CMS and Strapi · 8 connections · ${seconds} s each\n`,
);
const size = execFileSync("du", ["-sh", resolve(strapiHome, "app/node_modules")])
  .toString()
  .split("\t")[0];
const strapi = await startStrapi({
  port,
  webhookSecret: readDevVars().CMS_WEBHOOK_SECRET,
  quiet: true,
  database: ".tmp/bench.db",
});
const rows = [];
try {
  // A second boot, on the database the first one seeded: what a restart costs.
  await strapi.stop();
  const again = await startStrapi({
    port,
    webhookSecret: readDevVars().CMS_WEBHOOK_SECRET,
    quiet: true,
    database: ".tmp/bench.db",
  });
  console.log(
    `Strapi node_modules ${size}; first start (seeds when .tmp/bench.db is new) ${strapi.bootSeconds.toFixed(1)} s, restart ${again.bootSeconds.toFixed(1)} s`,
  );
  try {
    for (const [cms, vars] of [
      ["embedded", {}],
      ["Strapi", { CMS_URL: again.url }],
    ]) {
      for (const state of STATES) {
        // No kept page shell in the first two states: every request renders. (A new query string per request
        // no longer does it: a page keeps one shell whatever parameters it does not read: worker/frame/shells/page-query.ts.)
        const shells = state.misses ? "false" : "true";
        const shop = await startFreshShop({
          vars: { ...vars, CMS_CACHE_ENABLED: state.cache, PAGE_SHELLS_ENABLED: shells },
        });
        try {
          for (const path of pages) {
            await fetch(shop.url + path).then((r) => r.text());
            const result = await autocannon({
              url: shop.url + path,
              connections: 8,
              duration: seconds,
            });
            rows.push({
              cms,
              state: state.name,
              path,
              rps: Math.round(result.requests.average),
              p50: result.latency.p50,
              errors: result.non2xx + result.errors,
            });
          }
        } finally {
          await shop.mf.dispose();
        }
      }
    }
  } finally {
    await again.stop();
  }
} finally {
  await strapi.stop();
}
console.log("\n| CMS | caches | page | req/s | p50 ms | non-2xx/errors |\n|---|---|---|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.cms} | ${r.state} | \`${r.path}\` | ${r.rps} | ${r.p50} | ${r.errors} |`);
