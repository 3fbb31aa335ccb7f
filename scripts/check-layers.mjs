// The layer check of `npm test` (decision 0070): dependency-cruiser applies the rules in
// .dependency-cruiser.cjs (layers, no file cycles, no orphans), and this script adds the
// one rule it has no word for: no two folders import each other, directly or round a ring.
// A folder is worker/<layer>/<area> (worker/frame/shells, worker/screens/cart, worker/cms/auth),
// client/<folder> or shared/<folder>; files at a layer's root count as their own folder.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const roots = ["worker", "client", "shared"];

let output;
try {
  output = execFileSync(
    "npx",
    ["depcruise", ...roots, "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "inherit"] },
  );
} catch (error) {
  // depcruise exits non-zero when a rule is broken; its JSON is still on stdout.
  output = error.stdout;
  if (!output) throw error;
}
const { modules, summary } = JSON.parse(output);

/** The folder a file belongs to, for the folder-cycle rule. */
function folderOf(file) {
  const parts = file.split("/");
  const depth = parts[0] === "worker" && ["platform", "frame", "shop", "screens", "cms"].includes(parts[1]) ? 3 : 2;
  return parts.length > depth ? parts.slice(0, depth).join("/") : parts.slice(0, -1).join("/") || parts[0];
}

const edges = new Map();
const why = new Map();
for (const module of modules) {
  const from = folderOf(module.source);
  if (!edges.has(from)) edges.set(from, new Set());
  for (const dependency of module.dependencies) {
    if (!roots.some((r) => dependency.resolved.startsWith(`${r}/`))) continue;
    const to = folderOf(dependency.resolved);
    if (to === from) continue;
    edges.get(from).add(to);
    if (!why.has(`${from}>${to}`)) why.set(`${from}>${to}`, `${module.source} → ${dependency.resolved}`);
  }
}

/** Tarjan's strongly connected components: every component of more than one folder is a ring. */
function rings(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indexOf = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

const folderRings = rings(edges);
const problems = [];
for (const violation of summary.violations) {
  const path = violation.cycle ? violation.cycle.map((step) => step.name ?? step).join(" → ") : violation.to;
  problems.push(`${violation.rule.name}: ${violation.from} → ${path}`);
}
for (const ring of folderRings) {
  const links = ring.flatMap((a) => ring.filter((b) => edges.get(a).has(b)).map((b) => `    ${why.get(`${a}>${b}`)}`));
  problems.push(`folders-in-a-ring: ${ring.join(", ")}\n${links.join("\n")}`);
}

// The folder table (docs/layout.md) names every folder a newcomer will open.
const layout = readFileSync(join(root, "docs/layout.md"), "utf8");
for (const parent of [
  "worker/screens",
  "worker/shop",
  "worker/frame",
  "worker/platform",
  "worker/cms",
  "client",
  "shared",
]) {
  for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
    if (entry.isDirectory() && !layout.includes(`\`${entry.name}/\``)) {
      problems.push(`folder-table: ${parent}/${entry.name}/ is not in the folder table of docs/layout.md`);
    }
  }
}

const folders = edges.size;
if (problems.length > 0) {
  console.error(`Layer check: ${problems.length} problem(s) (rules in .dependency-cruiser.cjs):\n`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `Layer check: ${summary.totalCruised} modules, ${summary.totalDependenciesCruised} imports, ${folders} folders; no layer broken, no file or folder cycle, every folder in docs/layout.md.`,
);
