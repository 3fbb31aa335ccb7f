// `npm run bench`: the production build in workerd (Miniflare's API, not the
// wrangler dev proxy), loaded over loopback by autocannon. Each rendered page is
// measured against the worker's minimal response (/builds/latest.json) in the
// same run, alternating, and the ratios printed. CPU per request is workerd's
// own CPU time (from /proc) divided by the requests it served.
//
// Page scenarios run for a first visit and for a returning shopper (visitor and
// bag cookies, one product in the bag, made by a real POST /cart/add) and a
// signed-in one (a CMS account's jwt in strapi_jwt). A mixed load over the main
// pages then counts failed, hung and broken answers and the error lines workerd
// logged. Everything ends as one Markdown block for the README.
//
//   npm run bench                 all scenarios, 5 s each, 2 rounds, 60 s mixed load
//   BENCH_SECONDS=10 BENCH_ROUNDS=3 BENCH_CONNECTIONS=32 BENCH_MIXED_SECONDS=60 npm run bench
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus, release, totalmem, type } from "node:os";
import autocannon from "autocannon";
import { errorLineCounter, mixedLoad } from "./bench-mixed.mjs";
import { returningShopper, signedInShopper } from "./bench-shopper.mjs";
import { startFreshShop } from "./serve.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);

/** Total CPU seconds (user + system) used so far by every workerd process under us. */
function workerdCpuSeconds() {
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());
  let total = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (comm !== "workerd") continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ppidChain = isOurs(Number(pid));
      if (!ppidChain) continue;
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
  // timeout: a hung request is dropped (and counted) after 10 s, so a run always ends.
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10, ...options });
  const cpu = workerdCpuSeconds() - cpuBefore;
  const requests = result.requests.total;
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: requests ? (cpu * 1000) / requests : 0,
    bytes: requests ? result.throughput.total / requests : 0,
    bad,
  };
}

function average(samples) {
  const keys = Object.keys(samples[0]);
  return Object.fromEntries(keys.map((k) => [k, samples.reduce((sum, s) => sum + s[k], 0) / samples.length]));
}

/** The pages measured, each for a first visit and for returning and signed-in shoppers. */
const pages = [
  { name: "home", path: "/", marker: /<h1|class="hero/ },
  { name: "category", path: "/catalog/skincare", marker: /class="product-card"/ },
  { name: "product", path: "" /* first product of the category, found at start */, marker: /name="quantity"/ },
  { name: "blog post", path: "" /* first post of /blog, found at start */, marker: /<article class="post/ },
];
/** Measured for a first visit only, and part of the mixed load. */
const otherPages = [
  { name: "information page", path: "/company", marker: /<article class="post/ },
  { name: "search", path: "/search?q=serum", marker: /class="product-card"/ },
  { name: "404 page", path: "/no-such-page", marker: /<h1/, expectStatus: 404 },
];

const baseline = { name: "minimal", path: "/builds/latest.json" };
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "–");
const out = [];
/** Everything printed also goes into the Markdown report printed at the end. */
const print = (line = "") => {
  console.log(line);
  out.push(line);
};

/** Fills in the product and blog post paths from the seeded content. */
async function findPaths(url) {
  const listing = await (await fetch(`${url}/catalog/skincare`)).text();
  pages[2].path = listing.match(/href="(\/catalog\/skincare\/[a-z0-9-]+)"/)?.[1] ?? "/catalog/skincare";
  const blog = await (await fetch(`${url}/blog`)).text();
  pages[3].path = blog.match(/href="(\/blog\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1] ?? "/blog";
}

async function main() {
  // The seed (dist/seed.sql) comes from the CMS seed files; without it every page would be empty.
  execFileSync("node", ["scripts/build-seed.mjs"], { stdio: "ignore" });
  const errors = errorLineCounter();
  const { mf, url } = await startFreshShop({ log: errors.onLine });
  const notes = [];
  try {
    await findPaths(url);
    const shopper = await returningShopper(url, pages[1].path);
    const signedIn = await signedInShopper(url, shopper);
    if (!signedIn) notes.push("signed-in rows skipped: registration asks for e-mail confirmation (no jwt)");
    const visitors = [
      { name: "first visit", cookie: "" },
      { name: "returning shopper", cookie: shopper.cookie },
      ...(signedIn ? [{ name: "signed-in shopper", cookie: signedIn.cookie }] : []),
    ];
    const scenarios = [
      ...visitors.flatMap((v) => pages.map((p) => ({ ...p, visitor: v }))),
      ...otherPages.map((p) => ({ ...p, visitor: visitors[0] })),
    ];
    // Warm up every path once so first-request costs (KV fill, JIT) are not measured.
    for (const s of scenarios) await fetchWhole(url, s);
    await load(url + baseline.path, { duration: 1 });

    const rows = [];
    for (const scenario of scenarios) {
      const base = [];
      const page = [];
      const headers = scenario.visitor.cookie ? { cookie: scenario.visitor.cookie } : {};
      for (let r = 0; r < rounds; r++) {
        base.push(await load(url + baseline.path));
        page.push(await load(url + scenario.path, { headers }));
      }
      rows.push({ scenario, base: average(base), page: average(page) });
    }
    printPages(rows);
    await benchBagAndOrder(url, average(rows.map((r) => r.base)));

    const mixed = await mixedLoad({
      url,
      pages: [...pages, ...otherPages.filter((p) => !p.expectStatus)],
      seconds: mixedSeconds,
      connections,
      cookie: shopper.cookie,
    });
    printMixed(mixed, errors);
  } finally {
    await mf.dispose();
  }
  await benchVariants();
  printReport(notes);
}

/** One request, body read whole, with a deadline. */
async function fetchWhole(url, scenario) {
  const headers = scenario.visitor?.cookie ? { cookie: scenario.visitor.cookie } : {};
  const response = await fetch(url + scenario.path, { headers, signal: AbortSignal.timeout(15_000) });
  return response.text();
}

function printPages(rows) {
  print(
    `\n### Pages (${connections} connections, ${seconds}s × ${rounds} rounds, each alternating with the minimal response)\n`,
  );
  print(
    "| page | visitor | req/s | p50 ms | p99 ms | CPU ms/req | KB/resp | failed | req/s vs minimal | CPU vs minimal |",
  );
  print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { scenario, base, page } of rows) {
    const bad = scenario.expectStatus ? "(404 expected)" : fmt(page.bad);
    print(
      `| ${scenario.name} \`${scenario.path}\` | ${scenario.visitor.name} | ${fmt(page.rps)} | ${fmt(page.p50)} | ${fmt(page.p99)} | ${fmt(page.cpuMs, 2)} | ${fmt(page.bytes / 1024, 1)} | ${bad} | ${fmt(page.rps / base.rps, 2)}× | ${fmt(page.cpuMs / base.cpuMs, 1)}× |`,
    );
  }
  const base = average(rows.map((r) => r.base));
  print(
    `| minimal \`${baseline.path}\` | – | ${fmt(base.rps)} | ${fmt(base.p50)} | ${fmt(base.p99)} | ${fmt(base.cpuMs, 2)} | ${fmt(base.bytes / 1024, 1)} | ${fmt(base.bad)} | 1.00× | 1.0× |`,
  );
}

function printMixed(mixed, errors) {
  print(`\n### Mixed load (${mixedSeconds}s, ${connections} connections, returning shopper, all main pages in turn)\n`);
  print(
    "| requests | req/s | p50 ms | p99 ms | failed (4xx/5xx, errors) | hung (>10 s) | sampled | not whole | worker error lines |",
  );
  print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  print(
    `| ${mixed.requests} | ${fmt(mixed.rps)} | ${fmt(mixed.p50)} | ${fmt(mixed.p99)} | ${mixed.failed} | ${mixed.hung} | ${mixed.sampled} | ${mixed.broken} | ${errors.total()} |`,
  );
  const broken = Object.entries(mixed.brokenPages).map(([k, v]) => `${k} ${v}`);
  if (broken.length) print(`\nPages not whole: ${broken.join(", ")}.`);
  print(
    `\nWorker error lines over the whole run: ${Object.entries(errors.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}.`,
  );
}

/** The Markdown block for the README: date, machine and every table, printed last. */
function printReport(notes) {
  const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
  const machine = `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GB, ${type()} ${release()}, Node ${process.version}`;
  const settings = `BENCH_SECONDS=${seconds} BENCH_ROUNDS=${rounds} BENCH_CONNECTIONS=${connections} BENCH_MIXED_SECONDS=${mixedSeconds}`;
  console.log("\n---- Markdown for the README (paste whole) ----\n");
  console.log(
    `Run of ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine} (\`${settings} npm run bench\`):`,
  );
  console.log(out.join("\n"));
  for (const note of notes) console.log(`\nNote: ${note}.`);
}

/** Adding to the bag, and placing an order (add + checkout post, one connection), per second. */
async function benchBagAndOrder(url, base) {
  const { cookie, token, slug } = await returningShopper(url, pages[1].path);
  const headers = { cookie, origin: url, "content-type": "application/x-www-form-urlencoded" };
  const withToken = (fields) => new URLSearchParams(token ? { _csrf: token, ...fields } : fields).toString();
  const add = await load(`${url}/cart/add`, {
    method: "POST",
    headers,
    body: withToken({ slug, quantity: "1" }),
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
  const placed = await load(`${url}/cart/add`, {
    connections: 1,
    requests: [
      { method: "POST", headers, body: withToken({ slug, quantity: "1" }) },
      {
        method: "POST",
        path: "/cart/order",
        headers,
        setupRequest: (req) => ({
          ...req,
          body: withToken({ idempotencyKey: crypto.randomUUID(), ...order }),
        }),
      },
    ],
  });
  print("\n### Bag and order posts\n");
  print("| action | req/s | p50 ms | CPU ms/req | vs minimal req/s |");
  print("|---|---:|---:|---:|---:|");
  print(
    `| add to bag (POST /cart/add, ${connections} connections) | ${fmt(add.rps)} | ${fmt(add.p50)} | ${fmt(add.cpuMs, 2)} | ${fmt(add.rps / base.rps, 2)}× |`,
  );
  print(
    `| add + place order (1 connection; orders/s = half) | ${fmt(placed.rps)} | ${fmt(placed.p50)} | ${fmt(placed.cpuMs, 2)} | ${fmt(placed.rps / base.rps, 2)}× |`,
  );
}

/**
 * Shops started with a setting changed, against the same minimal response:
 * contacts and menus from a KV hit vs with the cache off, and string vs
 * streaming render.
 */
async function benchVariants() {
  const variants = [
    { name: "home, KV cache on (hit)", vars: {}, path: "/" },
    { name: "home, KV cache off (CMS every time)", vars: { CMS_CACHE_ENABLED: "false" }, path: "/" },
    { name: "home, string render", vars: { RENDER_MODE: "string" }, path: "/" },
    { name: "home, streaming render", vars: { RENDER_MODE: "stream" }, path: "/" },
  ];
  print(`\n### Settings compared (home page, first visit, ${connections} connections)\n`);
  print("| variant | req/s | p50 ms | CPU ms/req | vs minimal req/s |");
  print("|---|---:|---:|---:|---:|");
  for (const variant of variants) {
    const { mf, url } = await startFreshShop({ vars: variant.vars });
    try {
      await fetch(url + variant.path).then((r) => r.arrayBuffer());
      const base = await load(`${url}/builds/latest.json`);
      const page = await load(url + variant.path);
      print(
        `| ${variant.name} | ${fmt(page.rps)} | ${fmt(page.p50)} | ${fmt(page.cpuMs, 2)} | ${fmt(page.rps / base.rps, 2)}× |`,
      );
    } finally {
      await mf.dispose();
    }
  }
}

await main();
// Nothing may keep the process alive once the report is out (a stray socket or timer).
process.exit(0);
