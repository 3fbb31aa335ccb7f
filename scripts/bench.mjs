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
// Everything prints as Markdown, ready to paste into the README.
//
//   npm run bench                  5 s per measurement, 2 rounds, 32 connections, 60 s mixed load
//   BENCH_SECONDS=3 BENCH_ROUNDS=1 BENCH_MIXED_SECONDS=20 npm run bench
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import autocannon from "autocannon";
import { startFreshShop } from "./serve.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
/** A request without an answer after this long counts as hung. */
const timeoutSeconds = 10;

/** Total CPU seconds (user + system) used so far by every workerd process under us. */
function workerdCpuSeconds() {
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());
  let total = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (comm !== "workerd" || !isOurs(Number(pid))) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

function isOurs(pid) {
  let current = pid;
  for (let i = 0; i < 10 && current > 1; i++) {
    if (current === process.pid) return true;
    const stat = readFileSync(`/proc/${current}/stat`, "utf8");
    current = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  }
  return false;
}

async function load(url, options = {}) {
  const cpuBefore = workerdCpuSeconds();
  const result = await autocannon({ url, connections, duration: seconds, timeout: timeoutSeconds, ...options });
  const cpu = workerdCpuSeconds() - cpuBefore;
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: requests ? (cpu * 1000) / requests : 0,
    bytes: requests ? result.throughput.total / requests : 0,
    bad: result.non2xx + result.errors + result.timeouts,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])),
  };
}

/** "303 ×2 410, 429 ×3": what the shop answered, by status. */
const answers = (statuses) =>
  Object.entries(statuses)
    .map(([code, count]) => `${code} ×${count}`)
    .join(", ");

/** The n-th bench shopper's address: shoppers browse from addresses of their own, as real ones do. */
const shopperAddress = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function average(samples) {
  const keys = Object.keys(samples[0]);
  return Object.fromEntries(keys.map((k) => [k, samples.reduce((sum, s) => sum + s[k], 0) / samples.length]));
}

const fmt = (n, d = 0) => n.toFixed(d);
const minimal = "/builds/latest.json";

/** fetch with a deadline: a hung answer fails the bench instead of hanging it. */
function fetchOnce(url, init = {}) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutSeconds * 3000) });
}

/** The response's lasting cookies as a Cookie header (a one-shot flash message is shown once, then gone). */
function cookiesOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair.startsWith("flash="))
    .join("; ");
}

/** A returning shopper: the visitor cookie the shop set when they put one product in the bag. */
async function returningShopper(url, slug, address = shopperAddress(1)) {
  const res = await fetchOnce(`${url}/cart/add`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": address },
    body: new URLSearchParams({ slug, quantity: "1" }),
  });
  return `i18n_redirected=en; ${cookiesOf(res)}`;
}

/** A signed-in shopper: registered through the CMS's API, signed in through the shop's form, one product in the bag. */
async function signedInShopper(url, slug) {
  const tag = `bench${Date.now().toString(36)}`;
  const account = { username: tag, email: `${tag}@example.ae`, password: "Rosewater-2024" };
  const registered = await fetchOnce(`${url}/api/auth/local/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "127.0.0.2" },
    body: JSON.stringify(account),
  });
  if (!registered.ok) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const login = await fetchOnce(`${url}/user/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "127.0.0.2" },
    body: new URLSearchParams({ identifier: account.email, password: account.password, redirect: "/" }),
  });
  const cookie = `i18n_redirected=en; ${cookiesOf(login)}`;
  if (!cookie.includes("strapi_jwt=")) throw new Error(`sign-in failed: ${login.status}`);
  await fetchOnce(`${url}/cart/add`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ slug, quantity: "1" }),
  });
  return cookie;
}

/** Paths of the main pages, found in the running shop (the first product and post it lists). */
async function mainPages(url) {
  const listing = await (await fetchOnce(`${url}/catalog/skincare`)).text();
  const blog = await (await fetchOnce(`${url}/blog`)).text();
  return {
    home: "/",
    category: "/catalog/skincare",
    product: listing.match(/href="(\/catalog\/skincare\/[a-z0-9-]+)"/)?.[1] ?? "/catalog/skincare",
    post: blog.match(/href="(\/blog\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1] ?? "/blog",
    info: "/company",
    search: "/search?q=serum",
    slug: listing.match(/name="slug" value="([a-z0-9-]+)"/)?.[1],
  };
}

async function benchPages(url, pages, visitors) {
  const rows = [];
  const scenarios = [
    ["home", pages.home],
    ["category (filter, 12 cards)", pages.category],
    ["product page", pages.product],
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
 * Adding to the bag and placing orders as many shoppers do: each shopper has their own visitor
 * cookie and address, so the per-visitor limits (60 adds a minute, 10 orders in 10 minutes) and
 * the per-address ones are those of real traffic, and the rows count what the shop answered by status.
 */
async function benchBagAndOrder(mf, url, slug, base) {
  const shoppers = [];
  for (let i = 0; i < 256; i++) {
    const address = shopperAddress(1000 + i);
    shoppers.push({ address, cookie: await returningShopper(url, slug, address) });
  }
  const form = { origin: url, "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  const addBody = new URLSearchParams({ slug, quantity: "1" }).toString();
  let adds = 0;
  const add = await load(`${url}/cart/add`, {
    requests: [
      {
        method: "POST",
        body: addBody,
        setupRequest: (req) => {
          const shopper = shoppers[adds++ % shoppers.length];
          return { ...req, headers: { ...form, cookie: shopper.cookie, "cf-connecting-ip": shopper.address } };
        },
      },
    ],
  });
  const order = {
    firstName: "Bench",
    lastName: "Mark",
    email: "bench@example.ae",
    phone: "0501234567",
    delivery: "pickup",
    payment: "cash",
    consent: "on",
  };
  // Each shopper adds a product and places an order, five times (their limit), then the next one.
  let pair = 0;
  const shopperOf = () => shoppers[Math.floor(pair / 5) % shoppers.length];
  const db = await mf.getD1Database("DB");
  const ordersBefore = (await db.prepare("SELECT COUNT(*) AS n FROM orders").first()).n;
  const started = performance.now();
  const placed = await load(`${url}/cart/add`, {
    connections: 1,
    amount: 2 * 5 * shoppers.length,
    requests: [
      {
        method: "POST",
        body: addBody,
        setupRequest: (req) => ({
          ...req,
          headers: { ...form, cookie: shopperOf().cookie, "cf-connecting-ip": shopperOf().address },
        }),
      },
      {
        method: "POST",
        path: "/cart/order",
        setupRequest: (req) => {
          const shopper = shopperOf();
          pair++;
          return {
            ...req,
            headers: { ...form, accept: "text/html", cookie: shopper.cookie, "cf-connecting-ip": shopper.address },
            body: new URLSearchParams({ idempotencyKey: crypto.randomUUID(), ...order }).toString(),
          };
        },
      },
    ],
  });
  const elapsed = (performance.now() - started) / 1000;
  const ordersPlaced = (await db.prepare("SELECT COUNT(*) AS n FROM orders").first()).n - ordersBefore;
  console.log("\n| action | req/s | p50 ms | CPU ms/req | vs minimal req/s | answers |");
  console.log("|---|---:|---:|---:|---:|---|");
  console.log(
    `| add to bag (POST /cart/add as the island sends it, ${connections} connections, 256 shoppers) | ${fmt(add.rps)} | ${fmt(add.p50)} | ${fmt(add.cpuMs, 2)} | ${fmt(add.rps / base.rps, 2)}× | ${answers(add.statuses)} |`,
  );
  console.log(
    `| add + place order (1 connection, a shopper's 5 orders each) | ${fmt(placed.rps)} | ${fmt(placed.p50)} | ${fmt(placed.cpuMs, 2)} | ${fmt(placed.rps / base.rps, 2)}× | ${answers(placed.statuses)}; ${ordersPlaced} orders placed, ${fmt(ordersPlaced / elapsed, 1)} orders/s |`,
  );
}

/** Every request a new URL: no kept shell, so each is a full streamed render (records from KV or the CMS). */
function shellMisses(path) {
  let n = 0;
  const join = path.includes("?") ? "&" : "?";
  return [{ method: "GET", setupRequest: (req) => ({ ...req, path: `${path}${join}bench=${n++}` }) }];
}

/**
 * Shops started with a setting changed, each against its own minimal response:
 * the first render after a content change (shell miss, records from the CMS),
 * a shell miss with records from KV, and string against streaming render.
 */
async function benchVariants(pages) {
  const variants = [
    { name: "product, kept shell (every view after the first)", vars: {}, path: pages.product },
    { name: "product, shell miss, records from KV", vars: {}, path: pages.product, misses: true },
    {
      name: "product, shell miss, records from the CMS (first render after a change)",
      vars: { CMS_CACHE_ENABLED: "false" },
      path: pages.product,
      misses: true,
    },
    { name: "category, shell miss, records from KV", vars: {}, path: pages.category, misses: true },
    {
      name: "category, shell miss, records from the CMS (first render after a change)",
      vars: { CMS_CACHE_ENABLED: "false" },
      path: pages.category,
      misses: true,
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
        ...(variant.misses ? { requests: shellMisses(variant.path) } : {}),
      });
      console.log(
        `| ${variant.name} | ${fmt(page.rps)} | ${fmt(page.p50)} | ${fmt(page.cpuMs, 2)} | ${fmt(page.rps / base.rps, 2)}× | ${fmt(page.cpuMs / base.cpuMs, 1)}× |`,
      );
    } finally {
      await mf.dispose();
    }
  }
}

/** What a broken page lacks, for the report. */
function missing(html, marker) {
  const parts = [
    ['<header class="site-header">', "header"],
    ['<footer class="site-footer">', "footer"],
    [marker, `"${marker}"`],
  ];
  const lacking = parts.filter(([text]) => !html.includes(text)).map(([, name]) => name);
  return lacking.length ? `no ${lacking.join(", ")} in ${html.length} bytes` : "whole";
}

/** Is this the whole page: the layout around it and its own content? */
function whole(html, marker) {
  return (
    html.includes('<header class="site-header">') &&
    html.includes('<footer class="site-footer">') &&
    html.includes(marker)
  );
}

/**
 * A fresh shop under mixed load: `connections` connections for `mixedSeconds` over the main pages,
 * first visits and returning shoppers together, while a sampler reads pages and checks each is whole.
 * Counts failed (non-2xx, errors) and hung (no answer in 10 s) requests, and the lines the worker
 * logged as errors.
 */
async function benchMixedLoad() {
  const log = [];
  const { mf, url } = await startFreshShop({ log: (text) => log.push(...text.split("\n").filter(Boolean)) });
  try {
    const pages = await mainPages(url);
    const returning = await returningShopper(url, pages.slug);
    const signedIn = await signedInShopper(url, pages.slug);
    const markers = {
      [pages.home]: "Brands we trust",
      [pages.category]: "<h1>Skincare</h1>",
      [pages.product]: 'class="product-details"',
      [pages.post]: "<article",
      [pages.info]: "<h1",
      [pages.search]: "Search: serum",
    };
    const paths = Object.keys(markers);
    const cookies = ["i18n_redirected=en", returning, signedIn];
    const requests = paths.flatMap((path) => cookies.map((cookie) => ({ method: "GET", path, headers: { cookie } })));
    let sampled = 0;
    let broken = 0;
    const reasons = [];
    const kindOf = (cookie) => ["first visit", "returning", "signed in"][cookies.indexOf(cookie)];
    let stop = false;
    const sampler = (async () => {
      for (let i = 0; !stop; i++) {
        const path = paths[i % paths.length];
        const cookie = cookies[i % cookies.length];
        sampled++;
        try {
          const res = await fetch(url + path, {
            headers: { cookie },
            signal: AbortSignal.timeout(timeoutSeconds * 1000),
          });
          const html = await res.text();
          if (res.status !== 200 || !whole(html, markers[path])) {
            broken++;
            reasons.push(`${path} (${kindOf(cookie)}): ${res.status}, ${missing(html, markers[path])}`);
          }
        } catch (error) {
          broken++;
          reasons.push(`${path} (${kindOf(cookie)}): ${error.name}: ${error.message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const result = await autocannon({ url, connections, duration: mixedSeconds, timeout: timeoutSeconds, requests });
    stop = true;
    await sampler;
    // Stack frames ("    at …") belong to the line above them; count each error once.
    const errorLines = log.filter(
      (line) => !/^\s+at /.test(line) && /error|Cannot perform I\/O|Uncaught|failed/i.test(line),
    );
    const crossRequest = errorLines.filter((line) => /Cannot perform I\/O on behalf of a different request/.test(line));
    const inApp = errorLines.filter((line) => /Error in app/.test(line));
    console.log(
      `\n| mixed load (${connections} connections, ${mixedSeconds} s, ${paths.length} pages × 3 kinds of visitor) | count |`,
    );
    console.log("|---|---:|");
    console.log(`| requests answered | ${result.requests.total} |`);
    console.log(`| req/s (mean) | ${fmt(result.requests.average)} |`);
    console.log(`| p50 / p99 ms | ${fmt(result.latency.p50)} / ${fmt(result.latency.p99)} |`);
    console.log(`| failed (non-2xx or error) | ${result.non2xx + result.errors} |`);
    console.log(`| hung (no answer in ${timeoutSeconds} s) | ${result.timeouts} |`);
    console.log(`| sampled pages not whole (of ${sampled}) | ${broken} |`);
    for (const reason of reasons.slice(0, 5)) console.log(`|   … ${reason.slice(0, 160)} | |`);
    console.log(`| error lines in the worker's log | ${errorLines.length} |`);
    console.log(`| … of which "Cannot perform I/O on behalf of a different request" | ${crossRequest.length} |`);
    console.log(`| … of which "Error in app" | ${inApp.length} |`);
    for (const line of errorLines.slice(0, 5)) console.log(`\n    ${line.slice(0, 200)}`);
  } finally {
    await mf.dispose();
  }
}

async function main() {
  // The fresh shop is seeded from dist/seed.sql, made from the CMS seed files; a clone that has
  // only run `npm run build` has none, and every page would be empty.
  execFileSync("node", ["scripts/build-seed.mjs"], { stdio: "ignore" });
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  console.log(
    `\nBench of ${new Date().toISOString().slice(0, 10)} · ${cpus().length} cores (${cpu}) · workerd via Miniflare · ${connections} connections · ${seconds} s × ${rounds} rounds, alternating with the minimal response\n`,
  );
  const { mf, url } = await startFreshShop({ log: false });
  try {
    const pages = await mainPages(url);
    if (!pages.slug) throw new Error("No product to put in the bag on /catalog/skincare");
    const visitors = [
      ["first visit", "i18n_redirected=en"],
      ["returning shopper with a bag", await returningShopper(url, pages.slug)],
      ["signed-in shopper with a bag", await signedInShopper(url, pages.slug)],
    ];
    const base = printPages(await benchPages(url, pages, visitors));
    await benchBagAndOrder(mf, url, pages.slug, base);
    await benchVariants(pages);
  } finally {
    await mf.dispose();
  }
  await benchMixedLoad();
}

await main();
// Nothing may keep the process alive once the report is out (a stray socket or timer).
process.exit(0);
