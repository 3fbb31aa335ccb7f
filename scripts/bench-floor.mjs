// The floor section of `npm run bench` (scripts/bench.mjs, `BENCH_ONLY=floor`): what the local stand-ins
// for Cloudflare's storage cost in workerd's CPU, with no shop around them. A worker of a few lines, in
// the same Miniflare as the shop's rows, answers a request bare, after one KV read, after one D1 batch
// (one statement or six), and after both. In production D1 and KV answer from Cloudflare's machines and
// their work is not the worker's CPU; here local D1 (SQLite behind a Durable Object) and KV run in
// workerd's process, so every row of the bag and the order carries this much per call on top of the
// shop's own work. Read the bag's rows against it: the add makes one D1 batch and two KV reads, placing
// an order two D1 batches, one KV read and the embedded CMS's own query with its D1 reads.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Miniflare } from "miniflare";
import { fmt, load } from "./bench-kit.mjs";

const root = resolve(import.meta.dirname, "..");
const compatibilityDate = /compatibility_date\s*=\s*"([^"]+)"/.exec(
  readFileSync(resolve(root, "wrangler.toml"), "utf8"),
)[1];

const script = `
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const answer = {};
    if (url.searchParams.has("kv")) answer.kv = (await env.KV.get("record"))?.length ?? 0;
    const statements = Number(url.searchParams.get("d1") ?? 0);
    if (statements > 0) {
      const key = "k" + Math.floor(Math.random() * 1000);
      const batch = Array.from({ length: statements }, (_, i) =>
        env.DB.prepare("INSERT INTO counts (key, n) VALUES (?1, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1 RETURNING n").bind(key + i),
      );
      answer.d1 = (await env.DB.batch(batch)).length;
    }
    return Response.json(answer);
  },
};`;

const ROWS = [
  ["a request answered with no storage", ""],
  ["one KV read (a 2 KB record)", "?kv"],
  ["one D1 batch of one upsert", "?d1=1"],
  ["one D1 batch of six upserts", "?d1=6"],
  ["one KV read, then one D1 batch of six", "?kv&d1=6"],
];

export async function benchFloor() {
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate,
    kvNamespaces: ["KV"],
    d1Databases: ["DB"],
    port: 0,
  });
  try {
    const url = (await mf.ready).toString().replace(/\/$/, "");
    const db = await mf.getD1Database("DB");
    await db.exec("CREATE TABLE counts (key TEXT PRIMARY KEY, n INTEGER NOT NULL)");
    await (await mf.getKVNamespace("KV")).put("record", JSON.stringify({ name: "x".repeat(2000) }));
    console.log("\n| local storage, no shop | req/s | CPU ms/req | CPU over a bare request |");
    console.log("|---|---:|---:|---:|");
    let bare;
    for (const [name, query] of ROWS) {
      await load(`${url}/${query}`, { duration: 1 });
      const measured = await load(`${url}/${query}`);
      bare ??= measured.cpuMs;
      console.log(`| ${name} | ${fmt(measured.rps)} | ${fmt(measured.cpuMs, 2)} | ${fmt(measured.cpuMs - bare, 2)} |`);
    }
  } finally {
    await mf.dispose();
  }
}
