import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The packages of many small modules that vitest.config.ts has Vite bundle once per run for the workerd
 * tests (`deps.optimizer.ssr`), each entry point the code imports as one file: workerd loads the test's
 * modules one by one from Vitest over a socket, and @sentry/cloudflare alone is ~660 of them (graphql 129,
 * jose 46, hono 30). The entry points are read from the code, so a new `hono/...` import is bundled too
 * and no package is ever loaded both bundled and as loose files (two copies of its classes).
 * Left out on purpose: react and react-dom (CommonJS, which workerd already loads natively; bundled, they
 * were a 1.1 MB file sent to every workerd) and single-file packages (valibot, qs), where a bundle saves
 * nothing.
 */
const PACKAGES = ["hono", "graphql", "jose", "@sentry/cloudflare"];
const SOURCES = ["worker", "shared", "client", "tests/worker"];

const IMPORT = /(?:from\s+|import\()"((?:@[\w.-]+\/)?[\w.-]+(?:\/[\w./-]+)?)"/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [file] : [];
  });
}

/** Every entry point of PACKAGES imported by the code and its tests, e.g. "hono", "hono/cookie", "jose". */
export function prebundledDependencies(root: string): string[] {
  const found = new Set<string>();
  for (const file of SOURCES.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))) found.add(specifier);
    }
  }
  return [...found].sort();
}
