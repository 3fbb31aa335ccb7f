// `npm run bench`: the production build in workerd (Miniflare's API, not the
// wrangler dev proxy), loaded over loopback by autocannon. Each page is measured
// against the worker's minimal response (/builds/latest.json) in the same run,
// alternating, for three kinds of visitor: a first visit, a returning shopper
// (visitor cookie, one product in the bag) and a signed-in shopper (session
// cookie, one product in the bag). CPU per request is workerd's own CPU time
// (from /proc) divided by the requests it served. Then bag and order posts,
// page-shell misses (the first render after a content change), shops started
// with one setting changed, and a mixed load that counts failed and hung
// requests, broken pages and error lines in the worker's log.
// After the bag's rows, what local D1 and KV cost with no shop around them (scripts/bench-floor.mjs), and
// whose CPU an add and an order are, each isolate's share of V8's samples (scripts/bench-profile.mjs).
// Then the staff desk's order list with 10 000 orders (scripts/bench-staff.mjs), and search at
// the seed's size and with 10 000 products (scripts/bench-search.mjs), and the main pages at the
// seed's size and with 10 000 products and orders (scripts/bench-scale.mjs). Then what a shopper far
// from the database waits for: D1 and KV calls delayed, counted per kind of request (scripts/bench-distance.mjs).
// Last, the worker bundle's gzipped size and its start-up time against their budgets (scripts/worker-budget.mjs).
// Everything prints as Markdown, ready to paste into docs/performance.md.
//
//   npm run bench                  5 s per measurement, 2 rounds, 32 connections, 60 s mixed load
//   BENCH_SECONDS=3 BENCH_ROUNDS=1 BENCH_MIXED_SECONDS=20 npm run bench
//   BENCH_ONLY=staff,variants npm run bench    only these sections: pages, bag, floor, profile, variants, mixed, staff, search, scale, bots, change, sale, promotions, distance, lighthouse, bundle
//   BENCH_ONLY=distance BENCH_D1_MS=80 BENCH_KV_MS=20 npm run bench    the distance section, its delays (the defaults)
import { execFileSync } from "node:child_process";
import { cpus } from "node:os";
import { benchBagAndOrder } from "./bench-bag.mjs";
import { benchBots } from "./bench-bots.mjs";
import { benchChange } from "./bench-change.mjs";
import { benchDistance } from "./bench-distance.mjs";
import { benchFloor } from "./bench-floor.mjs";
import {
  average,
  connections,
  fetchOnce,
  fmt,
  load,
  mainPages,
  minimal,
  returningShopper,
  rounds,
  seconds,
  signedInShopper,
} from "./bench-kit.mjs";
import { benchLighthouse } from "./bench-lighthouse.mjs";
import { benchMixedLoad } from "./bench-mixed.mjs";
import { benchProfile } from "./bench-profile.mjs";
import { benchPromotions } from "./bench-promotions.mjs";
import { benchSale } from "./bench-sale.mjs";
import { benchScale } from "./bench-scale.mjs";
import { benchSearch } from "./bench-search.mjs";
import { BENCH_ORDERS, benchStaffOrders } from "./bench-staff.mjs";
import { startFreshShop } from "./serve.mjs";
import { budgetRows } from "./worker-budget.mjs";

async function benchPages(url, pages, visitors) {
  const rows = [];
  const scenarios = [
    ["home", pages.home],
    ["category (filter, 12 cards)", pages.category],
    ["product page", pages.product],
    ["product page with shades", pages.shades],
    ["blog post", pages.post],
    ["information page", pages.info],
    ["404", "/no-such-page"],
  ];
  for (const [who, cookie] of visitors) {
    for (const [name, path] of scenarios) {
      const headers = { cookie };
      // Warm up: the first view keeps the shell; measured views are what every later shopper gets.
      await fetchOnce(url + path, { headers }).then((r) => r.arrayBuffer());
      const base = [];
      const page = [];
      for (let r = 0; r < rounds; r++) {
        base.push(await load(url + minimal));
        page.push(await load(url + path, { headers }));
      }
      rows.push({ name: `${name}, ${who}`, path, base: average(base), page: average(page) });
    }
  }
  return rows;
}

function printPages(rows) {
  console.log("| page, visitor | req/s | p50 ms | p99 ms | CPU ms/req | KB/resp | req/s vs minimal | CPU vs minimal |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const { name, path, base, page } of rows) {
    const bad = page.bad > 0 && !path.includes("no-such") ? ` (${fmt(page.bad)} failed)` : "";
    console.log(
      `| ${name} \`${path}\`${bad} | ${fmt(page.rps)} | ${fmt(page.p50)} | ${fmt(page.p99)} | ${fmt(page.cpuMs, 2)} | ${fmt(page.bytes / 1024, 1)} | ${fmt(page.rps / base.rps, 2)}× | ${fmt(page.cpuMs / base.cpuMs, 1)}× |`,
    );
  }
  const base = average(rows.map((r) => r.base));
  console.log(
    `| minimal \`${minimal}\` | ${fmt(base.rps)} | ${fmt(base.p50)} | ${fmt(base.p99)} | ${fmt(base.cpuMs, 2)} | ${fmt(base.bytes / 1024, 1)} | 1.00× | 1.0× |`,
  );
  return base;
}

/**
 * Shops started with a setting changed, each against its own minimal response:
 * the first render after a content change (shell miss, records from the CMS),
 * a shell miss with records from KV, and string against streaming render.
 */
async function benchVariants(pages) {
  const variants = [
    { name: "product, kept shell (every view after the first)", vars: {}, path: pages.product },
    { name: "product, shell miss, records from KV", vars: { PAGE_SHELLS_ENABLED: "false" }, path: pages.product },
    {
      name: "product, shell miss, records from the CMS (first render after a change)",
      vars: { CMS_CACHE_ENABLED: "false", PAGE_SHELLS_ENABLED: "false" },
      path: pages.product,
    },
    { name: "category, shell miss, records from KV", vars: { PAGE_SHELLS_ENABLED: "false" }, path: pages.category },
    {
      name: "category, shell miss, records from the CMS (first render after a change)",
      vars: { CMS_CACHE_ENABLED: "false", PAGE_SHELLS_ENABLED: "false" },
      path: pages.category,
    },
    { name: "bag page (per request), string render", vars: { RENDER_MODE: "string" }, path: "/cart" },
    { name: "bag page (per request), streaming render", vars: { RENDER_MODE: "stream" }, path: "/cart" },
  ];
  console.log("\n| variant | req/s | p50 ms | CPU ms/req | vs minimal req/s | CPU vs minimal |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const variant of variants) {
    const { mf, url } = await startFreshShop({ vars: variant.vars });
    try {
      const headers = { cookie: "i18n_redirected=en" };
      await fetchOnce(url + variant.path, { headers }).then((r) => r.arrayBuffer());
      const base = await load(url + minimal);
      const page = await load(url + variant.path, {
        headers,
      });
      console.log(
        `| ${variant.name} | ${fmt(page.rps)} | ${fmt(page.p50)} | ${fmt(page.cpuMs, 2)} | ${fmt(page.rps / base.rps, 2)}× | ${fmt(page.cpuMs / base.cpuMs, 1)}× |`,
      );
    } finally {
      await mf.dispose();
    }
  }
}

const SECTIONS = [
  "pages",
  "bag",
  "floor",
  "profile",
  "variants",
  "mixed",
  "staff",
  "search",
  "scale",
  "bots",
  "change",
  "sale",
  "promotions",
  "distance",
  "lighthouse",
  "bundle",
];
const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of only) {
  if (!SECTIONS.includes(name)) throw new Error(`BENCH_ONLY: no section "${name}" (${SECTIONS.join(", ")})`);
}
const runs = (section) => only.length === 0 || only.includes(section);

function commit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "no git";
  }
}

async function main() {
  // The fresh shop is seeded from dist/seed.sql, made from the CMS seed files; a clone that has
  // only run `npm run build` has none, and every page would be empty.
  execFileSync("node", ["scripts/build-seed.mjs"], { stdio: "ignore" });
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  // The first line names its day and commit: the docs check (scripts/check-docs.mjs) finds pasted figures by it.
  console.log(
    `\nBench of ${new Date().toISOString().slice(0, 10)} on \`${commit()}\` · ${cpus().length} cores (${cpu}) · workerd via Miniflare · ${connections} connections · ${seconds} s × ${rounds} rounds, alternating with the minimal response${only.length ? ` · sections: ${only.join(", ")}` : ""}\n`,
  );
  if (runs("pages") || runs("bag") || runs("variants")) {
    const { mf, url } = await startFreshShop({ log: false });
    try {
      const pages = await mainPages(url);
      if (!pages.slug) throw new Error("No product to put in the bag on /catalog/skincare");
      let base;
      if (runs("pages")) {
        const visitors = [
          ["first visit", "i18n_redirected=en"],
          ["returning shopper with a bag", await returningShopper(url, pages.slug)],
          ["signed-in shopper with a bag", await signedInShopper(url, pages.slug)],
        ];
        base = printPages(await benchPages(url, pages, visitors));
      }
      if (runs("bag")) await benchBagAndOrder(mf, url, pages.slug, base ?? (await load(url + minimal)));
      if (runs("variants")) await benchVariants(pages);
    } finally {
      await mf.dispose();
    }
  }
  if (runs("floor")) {
    console.log("\nWhat local D1 and KV cost in workerd's CPU with no shop around them (scripts/bench-floor.mjs):");
    await benchFloor();
  }
  if (runs("profile")) {
    console.log(
      "\nWhose CPU an add and an order are: workerd's process, and each isolate's share of V8's samples (scripts/bench-profile.mjs):",
    );
    await benchProfile(async (url) => (await mainPages(url)).slug);
  }
  if (runs("mixed")) await benchMixedLoad();
  if (runs("staff")) {
    console.log(`\nStaff desk with ${BENCH_ORDERS} orders:`);
    await benchStaffOrders();
  }
  if (runs("search")) {
    console.log("\nSearch:");
    await benchSearch();
  }
  if (runs("scale")) {
    console.log("\nThe catalogue grown to 10 000 products and 10 000 orders:");
    await benchScale();
  }
  if (runs("bots")) {
    console.log("\nWhat a bot's requests cost (each new every time), beside a kept page:");
    await benchBots();
  }
  if (runs("change")) {
    console.log("\nAfter one product's price changes (kept pages judged by what they show):");
    await benchChange();
  }
  if (runs("sale")) {
    console.log("\nA kept category page during a sale (decision 0120), alternating with the same page without one:");
    await benchSale();
  }
  if (runs("promotions")) {
    console.log("\nPromotions (decision 0108): a code's cost on the order path, and a code raced past its uses:");
    await benchPromotions(async (url) => (await mainPages(url)).slug);
  }
  if (runs("distance")) {
    console.log(
      "\nDistance to the database: every D1 call delayed, every KV call delayed less; calls counted on the response's path:",
    );
    await benchDistance();
  }
  if (runs("lighthouse")) {
    console.log("\nLighthouse, mobile (simulated slow 4G, 4× CPU), each page once, after one visit:");
    await benchLighthouse();
  }
  if (runs("bundle")) {
    console.log("\nThe worker's size and start-up (decision 0126), against their budgets:\n");
    console.log(budgetRows());
  }
}

await main();
// Nothing may keep the process alive once the report is out (a stray socket or timer).
process.exit(0);
