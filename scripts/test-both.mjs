// `npm test`'s two suites side by side: the workerd tests (a workerd per file, one file at a time here
// so the browser half keeps a core; docs/decisions/0113-a-fast-suite-that-still-runs-everything.md)
// and the browser tests (one shop, Chromium, a file at a time) share the two cores, so together they
// take about as long as the longer one. Each line is prefixed with its suite; the exit code is the
// first failing suite's, or 0.
import { spawn } from "node:child_process";

const suites = [
  { name: "workerd", args: ["vitest", "run"] },
  { name: "browser", args: ["vitest", "run", "--config", "tests/browser/vitest.config.ts"] },
];

function run({ name, args }) {
  return new Promise((resolve) => {
    const child = spawn("npx", args, {
      stdio: ["ignore", "pipe", "pipe"],
      // The workerd half runs one file at a time here, leaving a core to the browser half (vitest.config.ts).
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, TEST_SIDE_BY_SIDE: "1" },
    });
    const started = Date.now();
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
      stream.on("end", () => rest && process.stdout.write(`[${name}] ${rest}\n`));
    }
    child.on("close", (code) => {
      process.stdout.write(`[${name}] finished in ${Math.round((Date.now() - started) / 1000)} s with code ${code}\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(suites.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
