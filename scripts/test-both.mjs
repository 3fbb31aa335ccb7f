// `npm test`'s two suites side by side on two cores (docs/decisions/0113-a-fast-suite-that-still-runs-everything.md):
// the browser tests (one shop, Chromium, a file at a time) and the workerd tests. The workerd files are a
// queue taken in chunks by runners, each a `vitest run` of one chunk, one file at a time in one workerd
// that loads the worker's modules once for the chunk (TEST_CHUNK, decision 0131): one runner beside the
// browser suite, which keeps the other core (two workerd files at once took both, and its pages timed
// out), and a second one from the moment the browser suite ends, so the last of the workerd files no
// longer run one at a time on a machine with a core idle. The largest files go first, so no long file
// starts last. `--workerd-only` (`npm run test:worker`) runs the two workerd runners from the start.
// `--checks` (`npm test`) first runs `npm run check:static` beside the browser suite, on the core the
// first workerd runner then takes: the typecheck is most of a minute that no test needs to wait for. Each line is prefixed with its runner; the exit code is the first
// failing suite's, or 0, and the workerd half ends with its totals over every chunk. A failing test's lines
// (Vitest's "FAIL" and "×" lines) are said again at the very end, since CI shows only a run's last lines.
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Files per chunk (vitest.config.ts `isolate` says why there is a bound). Each chunk pays about 10 s to start
 * (Vitest, its workerd, the worker's modules), so the small files, which take a second or less each, go in
 * chunks of 28: 60 of them took 144 s in chunks of 12 and 113 s in chunks of 30 (2026-12-02, one runner). The
 * largest files, which take from 10 s to over a minute each, keep chunks of 12, so that work is handed out in
 * pieces the two runners can share at the end. (All 36 in one chunk saved two starts, about 20 s, on a quiet
 * machine; beside a CPU hog that chunk outlasted the browser suite by a quarter of an hour while the second
 * runner had nothing left to take, 2026-12-02.)
 */
const WORKERD_ONLY = process.argv.includes("--workerd-only");
const LARGE_FILES = 36;
const CHUNK_LARGE = 12;
const CHUNK_SMALL = 28;
const CHECKS = process.argv.includes("--checks");
const WORKERD_ROOT = "tests/worker";

/** The workerd suite's files (vitest.config.ts's include), largest first. */
function workerdFiles(dir = WORKERD_ROOT) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...workerdFiles(path));
    else if (/\.test\.tsx?$/.test(entry.name)) files.push(path);
  }
  return dir === WORKERD_ROOT ? files.sort((a, b) => statSync(b).size - statSync(a).size) : files;
}

/** Vitest's lines that name a failing file or test, in the order they were printed, with their runner. */
const failures = [];
const FAILURE_LINE = /^\s*(FAIL|×|✗)\s|Error: Test timed out|Unhandled|error TS\d+/;
/** After a "FAIL" line Vitest prints the error and where it was thrown: this many lines of it are kept too. */
const AFTER_FAIL = 14;

/** Runs `command` (its first word the program), each line of its output prefixed with `[name]`. */
function run(name, [program, ...args], onLine = () => {}) {
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      stdio: ["ignore", "pipe", "pipe"],
      // One file at a time per workerd runner (vitest.config.ts): a core stays with the browser suite.
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, TEST_SIDE_BY_SIDE: "1", TEST_CHUNK: "1" },
    });
    const started = Date.now();
    let following = 0;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      const write = (line) => {
        process.stdout.write(`[${name}] ${line}\n`);
        if (FAILURE_LINE.test(line)) {
          failures.push(`[${name}] ${line.trim()}`);
          if (/^\s*FAIL\s/.test(line)) following = AFTER_FAIL;
        } else if (following > 0 && line.trim() !== "") {
          following--;
          failures.push(`[${name}]   ${line.trim()}`);
        }
        onLine(line);
      };
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) write(line);
      });
      stream.on("end", () => rest && write(rest));
    }
    child.on("close", (code) => {
      process.stdout.write(`[${name}] finished in ${Math.round((Date.now() - started) / 1000)} s with code ${code}\n`);
      resolve(code ?? 1);
    });
  });
}

const queue = workerdFiles();
const fileCount = queue.length;
const totals = { passed: 0, failed: 0, skipped: 0, chunks: 0, failedChunks: 0 };
/** Vitest's own count of a chunk's tests: "Tests  12 passed | 1 skipped (13)". */
function count(line) {
  const tests = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (!tests) return;
  for (const [, n, kind] of tests[1].matchAll(/(\d+) (passed|failed|skipped)/g)) totals[kind] += Number(n);
}

async function workerdRunner(name) {
  while (queue.length > 0) {
    const chunk = queue.splice(0, fileCount - queue.length < LARGE_FILES ? CHUNK_LARGE : CHUNK_SMALL);
    totals.chunks++;
    const code = await run(name, ["npx", "vitest", "run", ...chunk], count);
    if (code !== 0) totals.failedChunks++;
  }
}

const started = Date.now();
let checksCode = null;
const runners = [
  CHECKS
    ? run("checks", ["npm", "run", "check:static"]).then((code) => {
        checksCode = code;
        return workerdRunner("workerd");
      })
    : workerdRunner("workerd"),
];
let browserCode = null;
if (!WORKERD_ONLY)
  browserCode = await run("browser", ["npx", "vitest", "run", "--config", "tests/browser/vitest.config.ts"]);
// The browser suite's core is free (or was never taken): a second runner takes what is left of the queue.
runners.push(workerdRunner("workerd-2"));
await Promise.all(runners);
const seconds = Math.round((Date.now() - started) / 1000);
if (checksCode !== null) process.stdout.write(`[checks] finished with code ${checksCode}\n`);
if (browserCode !== null) process.stdout.write(`[browser] finished with code ${browserCode}\n`);
process.stdout.write(
  `[workerd] ${fileCount} files in ${totals.chunks} chunks: ${totals.passed} tests passed, ${totals.skipped} skipped, ${totals.failed} failed; ${totals.failedChunks} chunk(s) failed; ${seconds} s for ${WORKERD_ONLY ? "the workerd suite" : "both suites"}\n`,
);
if (failures.length > 0) {
  process.stdout.write(
    `What failed (${failures.length} lines, as printed above):\n${failures.slice(0, 120).join("\n")}\n`,
  );
}
const workerdCode = totals.failedChunks > 0 || totals.failed > 0 ? 1 : 0;
process.exit(checksCode || workerdCode || browserCode || 0);
