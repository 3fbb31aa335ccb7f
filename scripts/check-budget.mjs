// The runtime's size check of `npm test`: the one script every page loads (client/runtime.ts with
// client/runtime/, see docs/decisions/0005-runtime-behaviours-in-a-multi-page-app.md) must stay under
// 3 KB gzipped. It measures the file the last client build wrote (the manifest names it), gzipped at
// level 9 as docs/performance.md states it, so run `npm run build:client` first (`npm run typecheck`,
// which check:static runs before this, does). Chunks the runtime imports only when needed (the tag
// manager) are not part of what every page loads and are listed for information only.
// Then the worker's bundle (scripts/worker-budget.mjs), as `npm run build:worker` wrote it.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { WORKER_BUNDLE, WORKER_GZIP_BUDGET, workerSize } from "./worker-budget.mjs";

const RUNTIME_BUDGET = 3 * 1024;

const manifestFile = "dist/client-manifest.json";
let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
} catch (error) {
  console.error(`Runtime budget: cannot read ${manifestFile} (${error.message}); run npm run build:client first.`);
  process.exit(1);
}

const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const runtimeFile = `dist/client${manifest.runtime}`;
const size = gzipped(runtimeFile);

// The runtime's own lazy chunks: the dynamic imports its code names.
const source = readFileSync(runtimeFile, "utf8");
for (const [, chunk] of source.matchAll(/import\("\.\/(chunks\/[^"]+\.js)"\)/g)) {
  console.log(
    `  lazy chunk ${chunk}: ${gzipped(`dist/client/assets/${chunk}`)} bytes gzipped, loaded only when needed`,
  );
}

if (size > RUNTIME_BUDGET) {
  console.error(
    `Runtime budget exceeded: ${runtimeFile} is ${size} bytes gzipped, over the ${RUNTIME_BUDGET}-byte budget ` +
      `by ${size - RUNTIME_BUDGET}. Move code only some pages need into a chunk it imports when needed, or make it smaller.`,
  );
  process.exit(1);
}
console.log(
  `Runtime budget: ${runtimeFile} is ${size} bytes gzipped (budget ${RUNTIME_BUDGET}, ${RUNTIME_BUDGET - size} to spare).`,
);

// The runtime's size stated in docs/performance.md is this measurement, not an older one: a figure nobody
// re-measured is worse than none.
const PERFORMANCE_DOC = "docs/performance.md";
const stated = readFileSync(PERFORMANCE_DOC, "utf8").match(/It is ([\d,]+) bytes gzipped/)?.[1];
if (stated?.replace(/,/g, "") !== String(size)) {
  console.error(
    `Runtime size in ${PERFORMANCE_DOC}: it says ${stated ?? "nothing"} bytes gzipped ("It is … bytes gzipped"), ` +
      `the build measures ${size}. Write the new figure there with today's date.`,
  );
  process.exit(1);
}

let worker;
try {
  worker = workerSize();
} catch (error) {
  console.error(`Worker budget: cannot read ${WORKER_BUNDLE} (${error.message}); run npm run build:worker first.`);
  process.exit(1);
}
if (worker.gzipped > WORKER_GZIP_BUDGET) {
  console.error(
    `Worker budget exceeded: ${WORKER_BUNDLE} is ${worker.gzipped} bytes gzipped, over the ${WORKER_GZIP_BUDGET}-byte ` +
      `budget by ${worker.gzipped - WORKER_GZIP_BUDGET}. Find what grew (\`npx wrangler deploy --dry-run --outdir dist/worker --metafile\` ` +
      "writes each input's bytes to dist/worker/bundle-meta.json) and keep it out, or raise the budget in a decision.",
  );
  process.exit(1);
}
console.log(
  `Worker budget: ${WORKER_BUNDLE} is ${worker.gzipped} bytes gzipped (budget ${WORKER_GZIP_BUDGET}, ${WORKER_GZIP_BUDGET - worker.gzipped} to spare).`,
);
