// Installs (once per package.json/lock) and starts the Strapi v4 project of strapi/.
// The install lives in .strapi/app (ignored): a copy of strapi/ plus node_modules
// (~630 MB) and the SQLite database, so the work tree stays clean and a second run
// reuses everything. Used by `npm run strapi` and `npm run test:strapi`.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const source = resolve(root, "strapi");
export const strapiHome = resolve(root, ".strapi");
const app = resolve(strapiHome, "app");

function installKey() {
  const hash = createHash("sha256");
  for (const name of ["package.json", "package-lock.json"]) {
    const file = resolve(source, name);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  hash.update(process.version);
  return hash.digest("hex");
}

/** Copies strapi/ over .strapi/app (code and config; never node_modules, the database or uploads). */
function syncProject() {
  mkdirSync(app, { recursive: true });
  for (const dir of ["src", "config", "data", "providers"]) {
    rmSync(resolve(app, dir), { recursive: true, force: true });
    cpSync(resolve(source, dir), resolve(app, dir), { recursive: true });
  }
  for (const file of ["package.json", "package-lock.json"]) {
    if (existsSync(resolve(source, file))) cpSync(resolve(source, file), resolve(app, file));
  }
  mkdirSync(resolve(app, "public/uploads"), { recursive: true });
}

/** Installs Strapi's dependencies unless the same package.json/lock (and Node) were installed before. */
export function installStrapi({ log = console.log } = {}) {
  syncProject();
  const stamp = resolve(strapiHome, "installed.sha256");
  const key = installKey();
  if (
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === key &&
    existsSync(resolve(app, "node_modules/@strapi/strapi"))
  ) {
    return { installed: false, seconds: 0 };
  }
  log("Installing Strapi 4.25 into .strapi/app (first run: about 2–3 minutes, ~630 MB)…");
  const started = Date.now();
  // `npm install`, not `npm ci`: npm 11's lockfile for Strapi lacks other platforms' optional
  // packages and `npm ci` refuses it; `install` keeps the locked versions.
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: app, stdio: "inherit" });
  const lock = resolve(app, "package-lock.json");
  if (!existsSync(resolve(source, "package-lock.json")) && existsSync(lock))
    cpSync(lock, resolve(source, "package-lock.json"));
  writeFileSync(stamp, installKey());
  return { installed: true, seconds: (Date.now() - started) / 1000 };
}

/**
 * Starts Strapi headless on host:port and resolves once it answers /_health.
 * `fresh` starts from an empty database and uploads folder (tests).
 * `apiToken` makes bootstrap create a full-access API token with that key (tests edit content with it).
 * @param {{ port?: number, shopUrl?: string, webhookSecret: string, mailFile?: string, database?: string, fresh?: boolean, quiet?: boolean, apiToken?: string }} options
 */
export async function startStrapi({
  port = 1337,
  shopUrl = "http://127.0.0.1:8787",
  webhookSecret,
  mailFile = resolve(strapiHome, "mail.jsonl"),
  database = ".tmp/data.db",
  fresh = false,
  quiet = false,
  apiToken,
}) {
  if (fresh) {
    // Uploads stay: a developer's `npm run strapi` database may point at them, and new
    // uploads get new hashed names.
    rmSync(resolve(app, database), { force: true });
    rmSync(mailFile, { force: true });
  }
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    // Local-only secrets: this Strapi is for development and tests on this machine.
    APP_KEYS: "local-app-key-1,local-app-key-2",
    API_TOKEN_SALT: "local-api-token-salt",
    ADMIN_JWT_SECRET: "local-admin-jwt-secret",
    TRANSFER_TOKEN_SALT: "local-transfer-token-salt",
    JWT_SECRET: process.env.STRAPI_JWT_SECRET ?? "local-strapi-jwt-secret",
    DATABASE_CLIENT: "sqlite",
    DATABASE_FILENAME: database,
    SERVE_ADMIN: "false",
    SEED_DEMO_CONTENT: "true",
    SHOP_URL: shopUrl,
    CMS_WEBHOOK_SECRET: webhookSecret,
    MAIL_FILE: mailFile,
    MAIL_FROM: "Noor Beauty <hello@noorbeauty.ae>",
    STRAPI_TELEMETRY_DISABLED: "true",
    STRAPI_DISABLE_UPDATE_NOTIFICATION: "true",
    BROWSER: "none",
    ...(apiToken ? { STRAPI_API_TOKEN: apiToken } : {}),
  };
  const url = `http://127.0.0.1:${port}`;
  // Health checks must reach this Strapi, not one already listening there.
  if (
    await fetch(`${url}/_health`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`Port ${port} already answers: stop what runs there (another Strapi?) or choose another port.`);
  }
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      "--require",
      resolve(import.meta.dirname, "exit-with-parent.cjs"),
      resolve(app, "node_modules/@strapi/strapi/bin/strapi.js"),
      "start",
    ],
    { cwd: app, env, stdio: ["pipe", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  const deadline = Date.now() + 180_000;
  let stopped = false;
  exited.then(() => {
    stopped = true;
  });
  while (!stopped && Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/_health`);
      if (res.status === 204 || res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  if (stopped || Date.now() >= deadline) {
    child.kill("SIGTERM");
    throw new Error(`Strapi did not start on ${url}:\n${output.slice(-4000)}`);
  }
  async function stop() {
    if (stopped) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
  return { url, child, stop, mailFile, bootSeconds: (Date.now() - started) / 1000, output: () => output };
}
