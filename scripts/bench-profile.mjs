// The `profile` section of `npm run bench` (scripts/bench.mjs, `BENCH_ONLY=profile`): whose CPU an add to the
// bag and an order are, in workerd. The bag's rows count workerd's whole process, which here also runs
// local D1 (SQLite behind a Durable Object), local KV, Miniflare's own routing workers and the embedded CMS;
// in production those run on Cloudflare's machines and Strapi's, and a worker's CPU time is its own
// isolate's. So each action is run twice, one shopper after another: once plain, for workerd's CPU per
// request from /proc, and once under V8's sampling profiler in every isolate (workerd's inspector), for
// each isolate's share of the samples. The worker's own samples exclude those with a frame of the
// embedded CMS (`worker/cms/` or graphql-js, through the bundle's source map) on their stack. Its CPU is its share times
// the process's CPU: an upper bound, since work that no isolate's profiler sees (workerd's HTTP, its
// storage I/O) is shared out among the isolates too.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import WebSocket from "ws";
import { BENCH_ORDER, fetchOnce, fmt, returningShopper, shopperAddress, workerdCpuSeconds } from "./bench-kit.mjs";
import { startFreshShop } from "./serve.mjs";

const root = resolve(import.meta.dirname, "..");
const SHOPPERS = Number(process.env.BENCH_PROFILE_SHOPPERS ?? 120);
const SAMPLING_MICROSECONDS = 50;
/** Shoppers at once, as the bag's rows load the shop (a request at a time costs workerd about twice the CPU). */
const AT_ONCE = Number(process.env.BENCH_PROFILE_AT_ONCE ?? 16);

/** Every shopper's action, AT_ONCE of them in flight. */
async function forEach(shoppers, act) {
  const queue = [...shoppers];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let shopper = queue.shift(); shopper; shopper = queue.shift()) await act(shopper);
    }),
  );
}

/** One DevTools session per isolate of the shop's workerd. */
async function inspect(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  return Promise.all(
    targets.map(async (target) => {
      const ws = new WebSocket(target.webSocketDebuggerUrl);
      await new Promise((resolve, reject) => {
        ws.once("open", resolve);
        ws.once("error", reject);
      });
      let last = 0;
      const waiting = new Map();
      ws.on("message", (data) => {
        const message = JSON.parse(String(data));
        waiting.get(message.id)?.(message.result);
        waiting.delete(message.id);
      });
      const send = (method, params = {}) =>
        new Promise((resolve) => {
          const id = ++last;
          waiting.set(id, resolve);
          ws.send(JSON.stringify({ id, method, params }));
        });
      return { title: target.title.replace(/^workerd: worker /, ""), send, close: () => ws.close() };
    }),
  );
}

/** What a sample of an isolate is: the embedded CMS's, or the rest of it. */
function sampleKinds(profile, isCms) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const cmsNode = new Map();
  const inCms = (id) => {
    if (id === undefined) return false;
    if (!cmsNode.has(id)) cmsNode.set(id, isCms(byId.get(id).callFrame) || inCms(parent.get(id)));
    return cmsNode.get(id);
  };
  let busy = 0;
  let cms = 0;
  for (const id of profile.samples) {
    if (byId.get(id).callFrame.functionName === "(idle)") continue;
    busy++;
    if (inCms(id)) cms++;
  }
  return { busy, cms };
}

/**
 * Whether a frame of the bundle comes from the embedded CMS's source, or from graphql-js, which only the
 * embedded CMS runs on a request's path (its execution resumes after awaits with no CMS frame beneath).
 */
function cmsFrames() {
  const map = new TraceMap(readFileSync(resolve(root, "dist/worker/index.js.map"), "utf8"));
  const known = new Map();
  return (frame) => {
    if (!frame.url.endsWith("index.js")) return false;
    const key = `${frame.lineNumber}:${frame.columnNumber}`;
    if (!known.has(key)) {
      const source = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }).source;
      known.set(key, source !== null && (source.includes("worker/cms/") || source.includes("node_modules/graphql/")));
    }
    return known.get(key);
  };
}

/** The shoppers of one run, each with one product in their bag and an address of their own. */
async function shoppersWithBags(url, slug, first) {
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const address = shopperAddress(first + i);
    shoppers.push({ address, cookie: await returningShopper(url, slug, address) });
  }
  return shoppers;
}

function actions(url, slug) {
  const form = { origin: url, "content-type": "application/x-www-form-urlencoded" };
  return {
    "add to bag": async (shopper) => {
      const res = await fetchOnce(`${url}/cart/add`, {
        method: "POST",
        headers: { ...form, accept: "application/json", cookie: shopper.cookie, "cf-connecting-ip": shopper.address },
        body: new URLSearchParams({ slug, quantity: "1" }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`add to bag answered ${res.status}`);
    },
    "place an order": async (shopper) => {
      const res = await fetchOnce(`${url}/cart/order`, {
        method: "POST",
        redirect: "manual",
        headers: { ...form, accept: "text/html", cookie: shopper.cookie, "cf-connecting-ip": shopper.address },
        body: new URLSearchParams({ idempotencyKey: crypto.randomUUID(), ...BENCH_ORDER }),
      });
      await res.arrayBuffer();
      if (res.status !== 303) throw new Error(`an order answered ${res.status}`);
    },
  };
}

export async function benchProfile(slugOf) {
  const port = 9300 + Math.floor(Math.random() * 500);
  process.env.INSPECTOR_PORT = String(port);
  const { mf, url } = await startFreshShop({ log: false });
  delete process.env.INSPECTOR_PORT;
  try {
    const slug = await slugOf(url);
    const isCms = cmsFrames();
    const sessions = await inspect(port);
    const plain = await shoppersWithBags(url, slug, 3000);
    const profiled = await shoppersWithBags(url, slug, 4000);
    console.log(
      `\n| action (${SHOPPERS} shoppers, ${AT_ONCE} at once) | workerd CPU ms/req | the worker's own | embedded CMS | local D1 | local KV | Miniflare's other workers | the worker's own CPU ms/req, at most |`,
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const [name, act] of Object.entries(actions(url, slug))) {
      const before = workerdCpuSeconds();
      await forEach(plain, act);
      const cpuMs = ((workerdCpuSeconds() - before) * 1000) / SHOPPERS;
      for (const session of sessions) {
        await session.send("Profiler.enable");
        await session.send("Profiler.setSamplingInterval", { interval: SAMPLING_MICROSECONDS });
        await session.send("Profiler.start");
      }
      await forEach(profiled, act);
      const share = { worker: 0, cms: 0, d1: 0, kv: 0, other: 0 };
      for (const session of sessions) {
        const { profile } = await session.send("Profiler.stop");
        await session.send("Profiler.disable");
        const { busy, cms } = sampleKinds(profile, session.title.startsWith("core:user:") ? isCms : () => false);
        if (session.title === "core:user:") {
          share.worker += busy - cms;
          share.cms += cms;
        } else if (session.title.startsWith("d1:")) share.d1 += busy;
        else if (session.title.startsWith("kv:")) share.kv += busy;
        else share.other += busy;
      }
      const total = Object.values(share).reduce((sum, n) => sum + n, 0);
      const pct = (n) => `${fmt((100 * n) / total)} %`;
      console.log(
        `| ${name} | ${fmt(cpuMs, 2)} | ${pct(share.worker)} | ${pct(share.cms)} | ${pct(share.d1)} | ${pct(share.kv)} | ${pct(share.other)} | ${fmt((cpuMs * share.worker) / total, 2)} |`,
      );
    }
    for (const session of sessions) session.close();
  } finally {
    await mf.dispose();
  }
}
