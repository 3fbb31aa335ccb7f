// `npm run rollout -- <percent>`: sends that share of requests to the version `npm run deploy` uploaded last,
// the rest to the live one; `npm run rollout -- 100` finishes. `npm run rollback`: every request back to the
// version before. Through `wrangler versions deploy` (docs/deploying.md, decision 0111).
import { execFileSync } from "node:child_process";
import { rollbackSpecs, rolloutSpecs } from "./rollout-plan.mjs";

function wrangler(args, { json = false } = {}) {
  const output = execFileSync("npx", ["wrangler", ...args], {
    encoding: "utf8",
    stdio: ["inherit", "pipe", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  return json ? JSON.parse(output) : output;
}

const rollback = process.argv.includes("--rollback");
try {
  const versions = wrangler(["versions", "list", "--json"], { json: true });
  const deployment = wrangler(["deployments", "status", "--json"], { json: true });
  const specs = rollback
    ? rollbackSpecs(versions, deployment)
    : rolloutSpecs(Number(process.argv[2]), versions, deployment);
  const message = rollback ? "rollback" : `rollout ${process.argv[2]}%`;
  console.log(`wrangler versions deploy ${specs.join(" ")}`);
  process.stdout.write(wrangler(["versions", "deploy", ...specs, "--message", message, "--yes"]));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
