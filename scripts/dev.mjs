// `npm run dev`: development mode. The client rebuilds on change (esbuild watch),
// the worker reloads on change (wrangler dev, local mode), local D1 migrated and seeded.
// Nothing here waits on an outside host: the cf-object fetch and telemetry are off.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: "inherit", env });

if (!existsSync(resolve(root, ".dev.vars")))
  copyFileSync(resolve(root, ".dev.vars.example"), resolve(root, ".dev.vars"));
run("node", ["scripts/build-client.mjs", "--dev"]);
run("npm", ["run", "-s", "db:migrate:local"]);
run("node", ["scripts/seed-local.mjs"]);

const children = [
  spawn("node", ["scripts/build-client.mjs", "--dev", "--watch"], { cwd: root, stdio: "inherit", env }),
  spawn("npx", ["wrangler", "dev", "--local", "--port", process.env.PORT ?? "8787", "--ip", "127.0.0.1"], {
    cwd: root,
    stdio: "inherit",
    env,
  }),
];
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
