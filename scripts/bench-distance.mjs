// The distance section of `npm run bench` (scripts/bench.mjs, `BENCH_ONLY=distance npm run bench`):
// what a shopper far from the database waits for. The production bundle runs in workerd as in the
// other sections, behind a small entry (scripts/bench/distance-entry.ts) that sees D1 and KV through
// the round-trip tests' probes (tests/worker/support/d1-probe.ts): every D1 call delayed BENCH_D1_MS
// (default 80 ms, half before it runs and half after), every KV call BENCH_KV_MS (default 20 ms).
// For each kind of request it counts the D1 calls, the sequential D1 round trips (calls started while
// no other D1 call was in flight), the KV calls and round trips and the CMS's fetches, all on the
// response's path (counted when its body's last byte passed; what the request left in waitUntil is
// counted apart), and the median wall time of BENCH_DISTANCE_REQUESTS (default 10) sequential
// requests, with no delay and with the delays, alternating. BENCH_DISTANCE_SQL=1 also lists each
// row's D1 calls, in order, as one delayed request made them.
import { resolve } from "node:path";
import * as esbuild from "esbuild";
import { BENCH_ORDER, fetchOnce, mainPages, returningShopper, shopperAddress, signedInShopper } from "./bench-kit.mjs";
import { startFreshShop } from "./serve.mjs";

const root = resolve(import.meta.dirname, "..");
const d1Ms = Number(process.env.BENCH_D1_MS ?? 80);
const kvMs = Number(process.env.BENCH_KV_MS ?? 20);
const samples = Number(process.env.BENCH_DISTANCE_REQUESTS ?? 10);
const listSql = process.env.BENCH_DISTANCE_SQL === "1";

/**
 * The worker's modules: the entry, bundled here with its import of worker/index.ts pointed at the
 * built bundle beside it (dist/worker/index.js, which exports `app` and `embeddedCms`), then the bundle.
 */
async function distanceModules() {
  const built = await esbuild.build({
    entryPoints: [resolve(root, "scripts/bench/distance-entry.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "silent",
    plugins: [
      {
        name: "built-shop",
        setup(build) {
          build.onResolve({ filter: /^\.\.\/\.\.\/worker\/index$/ }, () => ({ path: "./index.js", external: true }));
        },
      },
    ],
  });
  return [
    { type: "ESModule", path: resolve(root, "dist/worker/distance-entry.mjs"), contents: built.outputFiles[0].text },
    { type: "ESModule", path: resolve(root, "dist/worker/index.js") },
  ];
}

/** A browser's cookies: each Set-Cookie of an answer kept, replaced or removed, sent back as a Cookie header. */
class Jar {
  constructor(header = "") {
    this.cookies = new Map();
    for (const pair of header.split("; ").filter(Boolean)) {
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  take(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const gone = /;\s*max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line);
      if (gone) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** "3", or "3–4" when the requests of a row differed. */
const spread = (values) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? String(low) : `${low}–${high}`;
};

let requestNumber = 0;

/**
 * One request through the bench's entry, `delayed` or not: its answer, the wall time until its body's
 * last byte, and its counts; it returns once the work it left in waitUntil has settled, so the next
 * request starts alone.
 */
async function send(url, path, { delayed = false, ...init } = {}) {
  const id = `r${++requestNumber}`;
  const headers = {
    ...init.headers,
    "x-bench-id": id,
    "x-bench-d1-ms": String(delayed ? d1Ms : 0),
    "x-bench-kv-ms": String(delayed ? kvMs : 0),
  };
  const started = performance.now();
  const res = await fetchOnce(url + path, { redirect: "manual", ...init, headers });
  const body = await res.text();
  const wall = performance.now() - started;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const counts = await (await fetchOnce(`${url}/__bench/counts?id=${id}`)).json();
    if (counts.settled) {
      const background = {
        d1Calls: counts.total.d1Calls - counts.response.d1Calls,
        kvCalls: counts.total.kvCalls - counts.response.kvCalls,
      };
      return { res, body, wall, counts: counts.response, background };
    }
    if (Date.now() > deadline) throw new Error(`${path}: its waitUntil work never settled`);
    await new Promise((done) => setTimeout(done, 5));
  }
}

function expectStatus(sample, status, what) {
  if (sample.res.status !== status) {
    throw new Error(`${what}: answered ${sample.res.status}, not ${status}: ${sample.body.slice(0, 300)}`);
  }
}

const form = (url, cookie, address) => ({
  origin: url,
  "content-type": "application/x-www-form-urlencoded",
  cookie,
  ...(address ? { "cf-connecting-ip": address } : {}),
});

export async function benchDistance() {
  // One deployment throughout: the fresh isolates find the pages kept before (scripts/bench/distance-entry.ts).
  const shop = await startFreshShop({
    log: false,
    modules: await distanceModules(),
    vars: { BENCH_VERSION_ID: `bench-${crypto.randomUUID()}` },
  });
  let url = shop.url;
  try {
    const pages = await mainPages(url);
    // The category's first product, as the bag section's: one SKU, sold without counting (no stock row in
    // the seed), so every shopper of the run can buy it.
    const slug = pages.slug;
    if (!slug) throw new Error(`No product to put in the bag on ${pages.category}`);
    const page = pages.category;
    const anonymous = "i18n_redirected=en";
    const returning = await returningShopper(url, slug, shopperAddress(1));
    const signedIn = await signedInShopper(url, slug);
    // Shoppers of their own for the rows that change a bag, each from an address of their own.
    let shopperN = 0;
    const newShopper = async () => {
      const n = 2000 + shopperN++;
      const address = shopperAddress(n);
      return { address, jar: new Jar(await returningShopper(url, slug, address)) };
    };
    // Orders placed by the order row, their confirmation pages asked by the next row, with and without delay.
    const placed = { false: [], true: [] };

    const pageRow = (name, path, cookie) => ({
      name,
      path,
      warm: () => send(url, path, { headers: { cookie } }),
      run: async (delayed) => {
        const sample = await send(url, path, { delayed, headers: { cookie } });
        expectStatus(sample, 200, name);
        return sample;
      },
    });
    const rows = [
      pageRow("kept page, anonymous", page, anonymous),
      pageRow("kept page, returning visitor (bag cookie)", page, returning),
      pageRow("kept page, signed in (one product in the bag)", page, signedIn),
      {
        name: "add to bag (as the island sends it)",
        path: "POST /cart/add",
        run: async (delayed) => {
          const shopper = await newShopper();
          const sample = await send(url, "/cart/add", {
            delayed,
            method: "POST",
            headers: { ...form(url, shopper.jar.header, shopper.address), accept: "application/json" },
            body: new URLSearchParams({ slug, quantity: "1" }).toString(),
          });
          expectStatus(sample, 200, "add to bag");
          return sample;
        },
      },
      pageRow("bag page", "/cart", returning),
      pageRow("checkout page", "/cart/order", returning),
      {
        name: "place an order (cash, pickup)",
        path: "POST /cart/order",
        run: async (delayed) => {
          const shopper = await newShopper();
          const sample = await send(url, "/cart/order", {
            delayed,
            method: "POST",
            headers: { ...form(url, shopper.jar.header, shopper.address), accept: "text/html" },
            body: new URLSearchParams({ idempotencyKey: crypto.randomUUID(), ...BENCH_ORDER }).toString(),
          });
          const location = sample.res.headers.get("location") ?? "";
          if (sample.res.status !== 303 || !/^\/cart\/order\/[^/?]+/.test(new URL(location, url).pathname)) {
            throw new Error(`place an order: ${sample.res.status} to "${location}": ${sample.body.slice(0, 300)}`);
          }
          shopper.jar.take(sample.res);
          placed[delayed].push({ shopper, path: new URL(location, url).pathname });
          return sample;
        },
      },
      {
        name: "order confirmation page (the order's first view)",
        path: "/cart/order/<number>",
        run: async (delayed) => {
          const order = placed[delayed].shift();
          const sample = await send(url, order.path, {
            delayed,
            headers: { cookie: order.shopper.jar.header, "cf-connecting-ip": order.shopper.address },
          });
          expectStatus(sample, 200, "order confirmation");
          return sample;
        },
      },
      {
        name: "first request of a fresh isolate (kept page, anonymous)",
        path: page,
        run: async (delayed) => {
          url = await shop.restart();
          const sample = await send(url, page, { delayed, headers: { cookie: anonymous } });
          expectStatus(sample, 200, "fresh isolate");
          return sample;
        },
      },
    ];

    const results = [];
    for (const row of rows) {
      // Pages are asked once first: every measured view is of a kept page, as every later shopper's is.
      if (row.warm) await row.warm();
      const near = [];
      const far = [];
      for (let i = 0; i < samples; i++) {
        near.push(await row.run(false));
        far.push(await row.run(true));
      }
      results.push({ row, near, far });
    }
    printDistance(results);
  } finally {
    await shop.mf.dispose();
  }
}

function printDistance(results) {
  console.log(
    `\n| request (${samples} sequential requests each, median) | D1 calls | sequential D1 round trips | KV calls | sequential KV round trips | CMS fetches | D1 calls in waitUntil | wall ms at 0 ms | wall ms at ${d1Ms} ms D1, ${kvMs} ms KV |`,
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { row, near, far } of results) {
    const counts = (key) => spread(far.map((s) => s.counts[key]));
    const shells = [...new Set(far.map((s) => s.res.headers.get("x-page-shell")).filter(Boolean))];
    const shell = shells.length ? ` (shell: ${shells.join(", ")})` : "";
    console.log(
      `| ${row.name} \`${row.path}\`${shell} | ${counts("d1Calls")} | ${counts("d1RoundTrips")} | ${counts("kvCalls")} | ${counts("kvRoundTrips")} | ${counts("cmsFetches")} | ${spread(far.map((s) => s.background.d1Calls))} | ${median(near.map((s) => s.wall)).toFixed(0)} | ${median(far.map((s) => s.wall)).toFixed(0)} |`,
    );
  }
  // The counts are the delayed requests'; say so where the undelayed ones counted otherwise (timing).
  const differing = results.filter(
    ({ near, far }) => spread(near.map((s) => s.counts.d1RoundTrips)) !== spread(far.map((s) => s.counts.d1RoundTrips)),
  );
  for (const { row, near } of differing) {
    console.log(
      `\n${row.name}: ${spread(near.map((s) => s.counts.d1RoundTrips))} sequential D1 round trips without the delay.`,
    );
  }
  if (!listSql) return;
  for (const { row, far } of results) {
    console.log(`\n${row.name} \`${row.path}\`, its D1 calls:`);
    for (const call of far[0].counts.d1Log) console.log(`    ${call}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchDistance();
  process.exit(0);
}
