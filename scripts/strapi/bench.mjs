// `npm run bench:strapi`: the same pages' throughput with the embedded CMS and with a real Strapi
// behind the shop, with the KV cache of contacts and menus off (every read goes to the CMS) and on.
// Also prints Strapi's install size and its boot time on an existing database.
//   BENCH_SECONDS=5 npm run bench:strapi
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { readDevVars, startFreshShop } from "../serve.mjs";
import { installStrapi, startStrapi, strapiHome } from "./strapi-process.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const port = Number(process.env.STRAPI_BENCH_PORT ?? 1340);
const pages = ["/company", "/catalog/skincare"];

installStrapi();
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
    `Strapi node_modules ${size}; first boot (seeding) ${strapi.bootSeconds.toFixed(1)} s, restart ${again.bootSeconds.toFixed(1)} s`,
  );
  try {
    for (const [cms, vars] of [
      ["embedded", {}],
      ["Strapi", { CMS_URL: again.url }],
    ]) {
      for (const cache of ["false", "true"]) {
        const shop = await startFreshShop({ vars: { ...vars, CMS_CACHE_ENABLED: cache } });
        try {
          for (const path of pages) {
            await fetch(shop.url + path).then((r) => r.text());
            const result = await autocannon({ url: shop.url + path, connections: 8, duration: seconds });
            rows.push({
              cms,
              kv: cache === "true" ? "on" : "off",
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
console.log("\n| CMS | KV cache | page | req/s | p50 ms | non-2xx/errors |\n|---|---|---|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.cms} | ${r.kv} | \`${r.path}\` | ${r.rps} | ${r.p50} | ${r.errors} |`);
