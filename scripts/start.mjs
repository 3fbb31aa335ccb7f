// `npm start`: production build, local D1 migrated and seeded, then the shop in
// workerd at http://localhost:8787. Works offline with no Cloudflare account.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { startShop } from "./serve.mjs";

const root = resolve(import.meta.dirname, "..");
const run = (cmd, args) =>
  execFileSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });

if (!existsSync(resolve(root, ".dev.vars"))) {
  copyFileSync(resolve(root, ".dev.vars.example"), resolve(root, ".dev.vars"));
  console.log("Created .dev.vars from .dev.vars.example (local secrets).");
}
if (!process.argv.includes("--no-build")) run("npm", ["run", "-s", "build"]);
run("npm", ["run", "-s", "db:migrate:local"]);
run("node", ["scripts/seed-local.mjs"]);

const port = Number(process.env.PORT ?? 8787);
// The shop's e-mails printed here while MAIL_API_KEY is empty (MAIL_PRINT: never in production, decision 0110),
// also for a .dev.vars made before MAIL_PRINT existed; `MAIL_PRINT=false npm start` turns it off.
const { url, mf } = await startShop({
  port,
  varsFromEnv: true,
  vars: { MAIL_PRINT: process.env.MAIL_PRINT ?? "true" },
});
// workerd fires no cron locally: its work (the e-mail outbox above all) runs every 20 s instead, so a
// developer sees the shop's e-mails (printed here without MAIL_API_KEY) as production sends them.
const CRON_EVERY_MS = 20_000;
const worker = await mf.getWorker();
setInterval(() => {
  worker.scheduled({ cron: "*/5 * * * *" }).catch((error) => console.error("The local cron run failed:", error));
}, CRON_EVERY_MS);
if (process.env.CMS_URL) console.log(`  Content and accounts from the CMS at ${process.env.CMS_URL}`);
console.log(`\n  The storefront is running at ${url.replace("127.0.0.1", "localhost")}  (Ctrl+C to stop)\n`);
