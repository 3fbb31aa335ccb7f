// The worker's own budgets: its deployed bundle's size and its start-up time. `npm run check:budget`
// (part of `npm test`, so CI) checks the size of the bundle `npm run build` wrote; `npm run bench`
// (its `bundle` section) prints both against their budgets. Why these two numbers and not others:
// docs/decisions/0126-the-worker-s-size-and-start-up-budgets.md.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The bundle `wrangler versions upload` sends, as `npm run build:worker` writes it (minified). */
export const WORKER_BUNDLE = "dist/worker/index.js";

/** Gzipped bytes: about a quarter above the bundle of 2026-12-01 (475 KB), a fifth of the free plan's 3 MB. */
export const WORKER_GZIP_BUDGET = 600 * 1024;

/** Busy CPU of the start-up phase, locally: a fifth of the 1 s Cloudflare allows a Worker to start. */
export const STARTUP_BUDGET_MS = 200;

/** The bundle's size, raw and gzipped at level 9 (as docs/performance.md states sizes). */
export function workerSize(file = WORKER_BUNDLE) {
  const raw = readFileSync(file);
  return { raw: raw.length, gzipped: gzipSync(raw, { level: 9 }).length };
}

/**
 * The start-up phase's busy time in ms: `wrangler check startup` builds the worker, starts it in a local
 * workerd and writes a CPU profile of its global scope; samples in "(idle)" are waiting, not work.
 */
export function startupMs(profileFile) {
  const profile = JSON.parse(readFileSync(profileFile, "utf8"));
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let busy = 0;
  profile.samples.forEach((sample, i) => {
    if (!idle.has(sample)) busy += profile.timeDeltas[i] ?? 0;
  });
  return busy / 1000;
}

/** The median of `runs` start-ups (the first start of a run pays for a cold disk cache). */
export function measureStartup(runs = 3) {
  const dir = mkdtempSync(join(tmpdir(), "startup-"));
  try {
    const times = [];
    for (let run = 0; run < runs; run++) {
      const outfile = join(dir, `startup-${run}.cpuprofile`);
      execFileSync("npx", ["wrangler", "check", "startup", "--outfile", outfile], { stdio: "ignore" });
      times.push(startupMs(outfile));
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Markdown rows for the bench: each figure against its budget. */
export function budgetRows() {
  const { raw, gzipped } = workerSize();
  const startup = measureStartup();
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  return [
    "| the worker | measured | budget | within |",
    "|---|---:|---:|---|",
    `| bundle, gzipped (\`${WORKER_BUNDLE}\`, ${kb(raw)} raw) | ${kb(gzipped)} | ${kb(WORKER_GZIP_BUDGET)} | ${gzipped <= WORKER_GZIP_BUDGET ? "yes" : "**no**"} |`,
    `| start-up, busy CPU (\`wrangler check startup\`, median of 3) | ${startup.toFixed(0)} ms | ${STARTUP_BUDGET_MS} ms | ${startup <= STARTUP_BUDGET_MS ? "yes" : "**no**"} |`,
  ].join("\n");
}
