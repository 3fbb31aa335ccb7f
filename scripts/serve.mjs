// Runs the production build of the worker in workerd through Miniflare's API:
// the bindings come from wrangler.toml, local state from .wrangler/state (the
// same place `wrangler d1 migrations apply --local` writes), no network, no account.
// Used by `npm start`, the browser tests and the benchmark.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from "wrangler";

const root = resolve(import.meta.dirname, "..");

/** Secrets from .dev.vars (KEY=value lines), as wrangler dev would read them. */
export function readDevVars(file = resolve(root, ".dev.vars")) {
  const path = existsSync(file) ? file : resolve(root, ".dev.vars.example");
  const vars = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const match = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (match) vars[match[1]] = match[2].replace(/^"(.*)"$/, "$1");
  }
  return vars;
}

/** The [vars] that the process environment sets (string vars only: bindings are never overridden). */
function overriddenVars(bindings) {
  const out = {};
  for (const [name, value] of Object.entries(bindings)) {
    if (typeof value === "string" && process.env[name] !== undefined) out[name] = process.env[name];
  }
  return out;
}

/**
 * A worker beside the shop, bound to its D1 database, that runs the SQL statements posted to it in
 * one batch: migrations and the seed. Through Miniflare's binding proxy each `prepare` is a
 * synchronous call (a worker thread woken through Atomics), and one of those thousands per fresh
 * shop once woke on the previous call's notify and failed an assertion in Miniflare under load; a
 * request per batch makes no synchronous call at all.
 */
const SQL_RUNNER = "sql-runner";
const SQL_RUNNER_SCRIPT = `export default {
  async fetch(request, env) {
    try {
      const statements = await request.json();
      await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
      return new Response(null, { status: 204 });
    } catch (error) {
      return new Response(String(error?.stack ?? error), { status: 500 });
    }
  },
};`;

/**
 * Starts the shop. `persist` false gives a fresh in-memory state (tests migrate
 * and seed it themselves); otherwise it uses .wrangler/state.
 * `varsFromEnv` lets environment variables override wrangler.toml's [vars] of the same name
 * (`CMS_URL=http://127.0.0.1:1337 npm start`), as CI and hosts usually configure things.
 * `modules` replaces the worker's modules (paths inside dist/worker), the first the entry: the bench's
 * distance section puts a wrapper in front of the production bundle (scripts/bench/distance-entry.ts).
 * `restart()` starts workerd again with the same options and state: the next request meets a fresh isolate.
 * @param {{ port?: number, host?: string, persist?: boolean, vars?: Record<string,string>, log?: boolean | ((text: string) => void), varsFromEnv?: boolean, modules?: import("miniflare").ModuleDefinition[] }} options
 */
export async function startShop({
  port = 8787,
  host = "127.0.0.1",
  persist = true,
  vars = {},
  log = true,
  varsFromEnv = false,
  modules,
} = {}) {
  const script = resolve(root, "dist/worker/index.js");
  if (!existsSync(script)) throw new Error("dist/worker/index.js is missing: run `npm run build` first");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(resolve(root, "wrangler.toml"));
  const state = resolve(root, ".wrangler/state/v3");
  const fromEnv = varsFromEnv ? overriddenVars(workerOptions.bindings ?? {}) : {};
  const options = {
    host,
    port,
    cf: false,
    ...(process.env.INSPECTOR_PORT ? { inspectorPort: Number(process.env.INSPECTOR_PORT) } : {}),
    d1Persist: persist ? resolve(state, "d1") : false,
    kvPersist: persist ? resolve(state, "kv") : false,
    r2Persist: persist ? resolve(state, "r2") : false,
    verbose: false,
    log: undefined,
    handleRuntimeStdio(stdout, stderr) {
      // A function gets the worker's output as text (the benchmark counts error lines).
      if (typeof log === "function") {
        stdout.on("data", (chunk) => log(String(chunk)));
        stderr.on("data", (chunk) => log(String(chunk)));
        return;
      }
      if (!log) {
        // Read and dropped, never left unread: the worker writes a log line per request, and a pipe
        // nobody reads fills up (64 KB), after which workerd blocks on its next write and answers
        // nothing more (the browser suite's shops hung after a few hundred requests).
        stdout.resume();
        stderr.resume();
        return;
      }
      stdout.pipe(process.stdout);
      stderr.pipe(process.stderr);
    },
    workers: [
      // The first worker is the one the URL answers with.
      {
        ...workerOptions,
        name: workerOptions.name,
        modules: modules ?? [{ type: "ESModule", path: script }],
        modulesRoot: resolve(root, "dist/worker"),
        bindings: { ...workerOptions.bindings, ...readDevVars(), ...fromEnv, ...vars },
      },
      // Only a fresh shop is migrated and seeded from here (migrateAndSeed); `npm start` has wrangler's state.
      ...(persist
        ? []
        : [
            {
              name: SQL_RUNNER,
              modules: true,
              script: SQL_RUNNER_SCRIPT,
              compatibilityDate: workerOptions.compatibilityDate,
              d1Databases: { DB: workerOptions.d1Databases.DB },
            },
          ]),
    ],
  };
  const mf = new Miniflare(options);
  const url = await mf.ready;
  const restart = async () => {
    await mf.setOptions(options);
    return (await mf.ready).toString().replace(/\/$/, "");
  };
  return { mf, url: url.toString().replace(/\/$/, ""), restart };
}

/**
 * Runs SQL text statement by statement, in batches (D1's exec is line-based), through the SQL
 * runner beside the shop: one request per batch.
 */
async function runSql(runner, sql) {
  const statements = unstable_splitSqlQuery(sql).filter((s) => s.trim());
  for (let i = 0; i < statements.length; i += 200) {
    const res = await runner.fetch("http://sql-runner/", {
      method: "POST",
      body: JSON.stringify(statements.slice(i, i + 200)),
    });
    if (!res.ok) throw new Error(`SQL failed: ${await res.text()}`);
  }
}

/**
 * Fresh in-memory state for tests and the benchmark: every migration, then the seed
 * (dist/seed.sql, built afresh from worker/cms/seed every time, in a tenth of a second: once it
 * was built only when missing, and `npm run test:strapi` compared Strapi's new seed with an
 * embedded CMS holding an old one).
 */
export async function migrateAndSeed(mf) {
  const runner = await mf.getWorker(SQL_RUNNER);
  const migrationsDir = resolve(root, "migrations");
  for (const file of readdirSync(migrationsDir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    await runSql(runner, readFileSync(resolve(migrationsDir, file), "utf8"));
  }
  const seed = resolve(root, "dist/seed.sql");
  execFileSync("node", [resolve(root, "scripts/build-seed.mjs")], { stdio: "ignore" });
  await runSql(runner, readFileSync(seed, "utf8"));
}

/** The shop on a free port with fresh, migrated and seeded in-memory state. */
export async function startFreshShop({ vars = {}, log = false, modules } = {}) {
  const shop = await startShop({ port: 0, persist: false, vars, log, modules });
  await migrateAndSeed(shop.mf);
  return shop;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 8787);
  const { url } = await startShop({ port });
  console.log(`\n  Noor Beauty storefront is running at ${url.replace("127.0.0.1", "localhost")}\n`);
}
