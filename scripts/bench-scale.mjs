// The catalogue grows (target: a category's first render at most 2× the seed's): the same pages in a fresh shop at the seed's size, then after
// 10 000 generated products (scripts/search-bench-products.sql) and 10 000 orders
// (scripts/bench-staff.mjs) are added, each measured like the page rows (autocannon, workerd's CPU
// per request). The issue asks a kept page to cost the same at both sizes and a category's first
// render (a shell miss, records from KV) at most 2× the seed's.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { average, fetchOnce, fmt, load, mainPages, rounds, shellMisses } from "./bench-kit.mjs";
import { insertBenchOrders } from "./bench-staff.mjs";
import { startFreshShop } from "./serve.mjs";

const root = resolve(import.meta.dirname, "..");
const FIRST_VISIT = { cookie: "i18n_redirected=en" };
/** The content version key (worker/platform/caches/versions.ts): a new value asks every shell and record anew. */
const CONTENT_VERSION_KEY = "cms:content-version";

async function measure(url, pages) {
  const rows = [
    ["product page, kept shell", pages.product, {}],
    ["category, kept shell", pages.category, {}],
    // A new price ceiling each time (above every price): a new kept page and a new listing query, as
    // the first render after a change asks the CMS.
    ["category, first render (records from the CMS)", pages.category, { requests: shellMisses(pages.category) }],
    ["category sorted by price, kept shell", `${pages.category}?sort=price-asc`, {}],
  ];
  const measured = [];
  for (const [name, path, options] of rows) {
    // Warm: one view keeps the shell (32 at once would all render it: the herd is not what is
    // measured here), then a second of load so the isolate has served this path before.
    if (!options.requests) await fetchOnce(url + path, { headers: FIRST_VISIT }).then((r) => r.arrayBuffer());
    await load(url + path, { headers: FIRST_VISIT, duration: 1, ...options });
    const samples = [];
    for (let r = 0; r < rounds; r++) samples.push(await load(url + path, { headers: FIRST_VISIT, ...options }));
    measured.push({ name, path, page: average(samples) });
  }
  return measured;
}

export async function benchScale() {
  const { mf, url } = await startFreshShop({ log: false });
  try {
    const db = await mf.getD1Database("DB");
    const kv = await mf.getKVNamespace("CMS_CACHE");
    const pages = await mainPages(url);
    const seedProducts = (await db.prepare("SELECT count(*) AS n FROM cms_products").first()).n;
    const seed = await measure(url, pages);

    const started = performance.now();
    await db.prepare(readFileSync(resolve(root, "scripts/search-bench-products.sql"), "utf8")).run();
    const orders = await insertBenchOrders(db);
    const products = (await db.prepare("SELECT count(*) AS n FROM cms_products").first()).n;
    const inserted = ((performance.now() - started) / 1000).toFixed(1);
    // As the CMS's webhook would after a change: every shell and record is asked for anew.
    await kv.put(CONTENT_VERSION_KEY, `bench-scale-${Date.now()}`);
    await fetchOnce(url + pages.category);
    const scaled = await measure(url, pages);

    console.log(
      `\n| page (first visit) | CPU ms/req, ${seedProducts} products | CPU ms/req, ${products} products and ${orders} orders | × | p50 ms, seed | p50 ms, scaled |`,
    );
    console.log("|---|---:|---:|---:|---:|---:|");
    seed.forEach((row, i) => {
      const big = scaled[i];
      const bad = row.page.bad + big.page.bad > 0 ? ` (${fmt(row.page.bad + big.page.bad)} failed)` : "";
      console.log(
        `| ${row.name} \`${row.path}\`${bad} | ${fmt(row.page.cpuMs, 2)} | ${fmt(big.page.cpuMs, 2)} | ${fmt(big.page.cpuMs / row.page.cpuMs, 2)}× | ${fmt(row.page.p50)} | ${fmt(big.page.p50)} |`,
      );
    });
    console.log(`\n(${products - seedProducts} products and the orders inserted in ${inserted} s.)`);
  } finally {
    await mf.dispose();
  }
}
