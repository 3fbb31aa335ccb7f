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
  } finally {
    await mf.dispose();
  }
}

await main();
