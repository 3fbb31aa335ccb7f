// How many source files a reader may have to open to follow one request (decision 0083's
// measure): the files reachable by import from the request's entry points (the middleware
// every request passes, the route's handler), in worker/, shared/ and client/.
// Usage: node scripts/route-walk.mjs [--list]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Each walk: its entry files. Keep in step with worker/index.ts. */
const walks = {
  "a product page": ["worker/index.ts#middleware", "worker/screens/product/product-page.tsx"],
  "an add to bag": ["worker/index.ts#middleware", "worker/screens/cart/cart-actions.ts"],
};

const output = execFileSync(
  "npx",
  ["depcruise", "worker", "client", "shared", "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
  { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "ignore"] },
);
const { modules } = JSON.parse(output);
const imports = new Map(modules.map((m) => [m.source, m.dependencies.map((d) => d.resolved)]));

/** The middleware every request passes: the modules whose exports worker/index.ts hands to app.use, and the page registrar. */
function middlewareEntries() {
  const source = readFileSync(join(root, "worker/index.ts"), "utf8");
  const used = new Set(
    [...source.matchAll(/app\.use\((\w+)/g), ...source.matchAll(/(registerPages)\(/g)].map((m) => m[1]),
  );
  const files = [];
  for (const [, names, from] of source.matchAll(/import \{([^}]+)\} from "([^"]+)"/g)) {
    if (!names.split(",").some((name) => used.has(name.trim()))) continue;
    const resolved = (imports.get("worker/index.ts") ?? []).find(
      (file) => file.replace(/\.tsx?$/, "") === join("worker", from).replace(/\\/g, "/"),
    );
    if (resolved) files.push(resolved);
  }
  return files;
}

const list = process.argv.includes("--list");
for (const [name, entries] of Object.entries(walks)) {
  const seen = new Set();
  const queue = entries.flatMap((e) =>
    e === "worker/index.ts#middleware" ? ["worker/index.ts", ...middlewareEntries()] : [e],
  );
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file) || !/^(worker|shared|client)\//.test(file)) continue;
    seen.add(file);
    // worker/index.ts itself is read, but only its middleware imports are followed.
    if (file === "worker/index.ts") continue;
    queue.push(...(imports.get(file) ?? []));
  }
  console.log(`${name}: ${seen.size} files`);
  if (list) for (const file of [...seen].sort()) console.log(`  ${file}`);
}
