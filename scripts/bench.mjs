// `npm run bench`: the production build in workerd (Miniflare's API, not the
// wrangler dev proxy), loaded over loopback by autocannon. Each rendered page is
// measured against the worker's minimal response (/builds/latest.json) in the
// same run, alternating, and the ratios printed. CPU per request is workerd's
// own CPU time (from /proc) divided by the requests it served.
//
//   npm run bench                 all scenarios, 5 s each, 2 rounds
//   BENCH_SECONDS=10 BENCH_ROUNDS=3 npm run bench
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";
import { startFreshShop } from "./serve.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);

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
  const result = await autocannon({ url, connections, duration: seconds, ...options });
  const cpu = workerdCpuSeconds() - cpuBefore;
  const requests = result.requests.total;
  const bad = result.non2xx + result.errors;
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

/** Scenarios: name → path (and optional request options). Pages that need data fall back gracefully. */
export const scenarios = [
  { name: "home page", path: "/" },
  { name: "information page", path: "/company" },
  { name: "category page", path: "/catalog/skincare" },
  { name: "product page", path: "" /* the first product of /catalog/skincare, found at start */ },
  { name: "404 page", path: "/no-such-page" },
];

const baseline = { name: "minimal (/builds/latest.json)", path: "/builds/latest.json" };

async function main() {
  const { mf, url } = await startFreshShop({ log: false });
  try {
    const listing = await (await fetch(`${url}/catalog/skincare`)).text();
    const product = scenarios.find((s) => s.name === "product page");
    product.path = listing.match(/href="(\/catalog\/skincare\/[a-z0-9-]+)"/)?.[1] ?? "/catalog/skincare";
    // Warm up every path once so first-request costs (KV fill, JIT) are not measured.
    for (const s of [baseline, ...scenarios]) await fetch(url + s.path).then((r) => r.arrayBuffer());
    await load(url + baseline.path, { duration: 1 });

    const rows = [];
    for (const scenario of scenarios) {
      const base = [];
      const page = [];
      for (let r = 0; r < rounds; r++) {
        base.push(await load(url + baseline.path));
        page.push(await load(url + scenario.path, scenario.options));
      }
      rows.push({ scenario, base: average(base), page: average(page) });
    }

    const fmt = (n, d = 0) => n.toFixed(d);
    console.log(`\nworkerd via Miniflare · ${connections} connections · ${seconds}s × ${rounds} rounds, alternating\n`);
    console.log("| scenario | req/s | p50 ms | p99 ms | CPU ms/req | KB/resp | req/s vs minimal | CPU vs minimal |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const { scenario, base, page } of rows) {
      console.log(
        `| ${scenario.name} \`${scenario.path}\` | ${fmt(page.rps)} | ${fmt(page.p50)} | ${fmt(page.p99)} | ${fmt(page.cpuMs, 2)} | ${fmt(page.bytes / 1024, 1)} | ${fmt(page.rps / base.rps, 2)}× | ${fmt(page.cpuMs / base.cpuMs, 1)}× |`,
      );
    }
    const base = average(rows.map((r) => r.base));
    console.log(
      `| minimal \`${baseline.path}\` | ${fmt(base.rps)} | ${fmt(base.p50)} | ${fmt(base.p99)} | ${fmt(base.cpuMs, 2)} | ${fmt(base.bytes / 1024, 1)} | 1.00× | 1.0× |`,
    );
    const failures = rows.filter((r) => r.page.bad > 0 && !r.scenario.path.includes("no-such"));
    if (failures.length) console.log(`\nNote: non-2xx answers in ${failures.map((f) => f.scenario.name).join(", ")}.`);

    await benchBagAndOrder(url, base);
  } finally {
    await mf.dispose();
  }
  await benchVariants();
}

/** A shopper's cookies and CSRF token, taken from a category page as a browser would. */
async function shopperSession(url) {
  const res = await fetch(`${url}/catalog/skincare`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const html = await res.text();
  const token = html.match(/name="_csrf" value="([^"]+)"/)?.[1];
  const slug = html.match(/name="slug" value="([a-z0-9-]+)"/)?.[1];
  return { cookie, token, slug };
}

/** Adding to the bag, and placing an order (add + checkout post, one connection), per second. */
async function benchBagAndOrder(url, base) {
  const { cookie, token, slug } = await shopperSession(url);
  const headers = { cookie, origin: url, "content-type": "application/x-www-form-urlencoded" };
  const add = await load(`${url}/cart/add`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ _csrf: token, slug, quantity: "1" }).toString(),
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
      { method: "POST", headers, body: new URLSearchParams({ _csrf: token, slug, quantity: "1" }).toString() },
      {
        method: "POST",
        path: "/cart/order",
        headers,
        setupRequest: (req) => ({
          ...req,
          body: new URLSearchParams({ _csrf: token, idempotencyKey: crypto.randomUUID(), ...order }).toString(),
        }),
      },
    ],
  });
  const fmt = (n, d = 0) => n.toFixed(d);
  console.log("\n| action | req/s | p50 ms | CPU ms/req | vs minimal req/s |");
  console.log("|---|---:|---:|---:|---:|");
  console.log(
    `| add to bag (POST /cart/add, ${connections} connections) | ${fmt(add.rps)} | ${fmt(add.p50)} | ${fmt(add.cpuMs, 2)} | ${fmt(add.rps / base.rps, 2)}× |`,
  );
  console.log(
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
  const fmt = (n, d = 0) => n.toFixed(d);
  console.log("\n| variant | req/s | p50 ms | CPU ms/req | vs minimal req/s |");
  console.log("|---|---:|---:|---:|---:|");
  for (const variant of variants) {
    const { mf, url } = await startFreshShop({ vars: variant.vars });
    try {
      await fetch(url + variant.path).then((r) => r.arrayBuffer());
      const base = await load(`${url}/builds/latest.json`);
      const page = await load(url + variant.path);
      console.log(
        `| ${variant.name} | ${fmt(page.rps)} | ${fmt(page.p50)} | ${fmt(page.cpuMs, 2)} | ${fmt(page.rps / base.rps, 2)}× |`,
      );
    } finally {
      await mf.dispose();
    }
  }
}

await main();
