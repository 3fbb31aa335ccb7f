// The docs check of `npm test`: prose that cannot drift from the code it describes.
// It reads README.md, strapi/README.md, docs/**/*.md and the comments of the code (// and /* */
// in .ts, .tsx, .mts, .mjs, .cjs, .js and .css; -- and /* */ in .sql) under worker/, client/,
// shared/, scripts/, tests/ and migrations/, and fails, naming file and line, when
//   - a repository path it names does not exist: `worker/frame/shells/page-shell.ts`, a folder
//     (`worker/platform/caches/`), a numbered prefix (`docs/decisions/0072`, `migrations/0110`), or a
//     short form relative to a layer (`platform/bag/cart-store.ts` under worker/,
//     `shells/second-ask.ts` beside the file that says it); a path is looked for from the repository's
//     root, from worker/ and its layers, client/, shared/, tests/, strapi/, and from the folder of the file that
//     names it and each folder above it. A bare file name (`page-tags.ts`) must be some file's name.
//     A Markdown link's target must exist relative to the document.
//   - a path leaves the repository (`../` above the root): a newcomer's clone does not have it;
//   - it names an issue ("issue" and its number): an issue number means nothing to a newcomer;
//     name the decision that holds the rule (`docs/decisions/<number>`) or say it in words;
//   - README.md is longer than README_MAX_LINES: it is what a newcomer reads first, the rest is in docs/.
//   - a benchmark's output pasted in a document ("Bench of 2026-12-01 · …", the line scripts/bench.mjs
//     and scripts/strapi/bench.mjs print first) is more than BENCH_MAX_AGE_DAYS older than the newest
//     commit that changed worker/, client/ or shared/ (git's commit date, so the check gives the same
//     answer on any day): a figure nobody re-measured is worse than none. Re-run the bench and paste its
//     output in place of the old one (git keeps the history).
// A path that is gone on purpose (a decision's history) says so right after it: "(removed)", ", since
// removed: ..." or "(gone ...)"; a decision that does so must say at its top, within five lines, what
// replaced it: "Replaced by [0083](0083-one-row-per-route.md)" or "Partly replaced by [...](...)".
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { comments } from "./source-comments.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const README_MAX_LINES = 250;
const BENCH_MAX_AGE_DAYS = 7;
const CODE_ROOTS = ["worker", "client", "shared", "scripts", "tests", "migrations"];
const TOP = ["worker", "client", "shared", "scripts", "tests", "migrations", "docs", "strapi", ".ci"];
/** Folders a short path may be relative to, besides the root and the naming file's own folders. */
const BASES = [
  "worker",
  "worker/platform",
  "worker/frame",
  "worker/screens",
  "worker/cms",
  "client",
  "shared",
  "tests",
  "strapi",
];
/** Never walked: generated, installed or local-only. */
const SKIP_DIRS = new Set(["node_modules", ".git", "dist", ".wrangler", ".strapi", ".bench", "screenshots", "tmp"]);
/** Places allowed to name an issue, each with why. Empty: nothing needs one. */
const ISSUE_ALLOWED = new Set([]);

// Every file and folder of the repository, relative to its root.
const paths = new Set();
const dirNames = new Set();
const baseNames = new Set();
/** The names in each folder, for numbered prefixes. */
const children = new Map();
function walk(rel) {
  for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = rel ? `${rel}/${entry.name}` : entry.name;
    paths.add(path);
    if (!children.has(rel)) children.set(rel, []);
    children.get(rel).push(entry.name);
    if (entry.isDirectory()) {
      dirNames.add(entry.name);
      walk(path);
    } else baseNames.add(entry.name);
  }
}
walk("");

const problems = [];
const report = (file, text, offset, message) => {
  const line = text.slice(0, offset).split("\n").length;
  problems.push(`${file}:${line}: ${message}`);
};

/** Whether `path` (no leading ./) exists, as a file, folder or numbered prefix of one. */
function exists(path) {
  const clean = path.replace(/\/+$/, "");
  if (clean === "" || paths.has(clean)) return true;
  const slash = clean.lastIndexOf("/");
  const dir = slash < 0 ? "" : clean.slice(0, slash);
  const last = clean.slice(slash + 1);
  if (dir !== "" && !paths.has(dir)) return false;
  // A number that starts a name (`docs/decisions/0072`, `migrations/0110`), or a name without its
  // extension (`tests/worker/security-redirects`).
  const numbered = /^\d+$/.test(last);
  return (children.get(dir) ?? []).some(
    (name) => name.startsWith(last) && (numbered ? "-_" : ".").includes(name[last.length] || "/"),
  );
}

/** The path with placeholders (`<area>`, `*`, `{id}`, `…`) cut off at the first segment holding one. */
function concrete(path) {
  const segments = path.split("/");
  const cut = segments.findIndex((segment) => /[<>*{}…]/.test(segment));
  return cut < 0 ? path : `${segments.slice(0, cut).join("/")}/`;
}

function resolves(file, path, top) {
  const fileDir = posix.dirname(file);
  if (top) return exists(path) ? "ok" : "missing";
  if (path.startsWith("./") || path.startsWith("../")) {
    const joined = posix.normalize(posix.join(fileDir, path));
    if (joined.startsWith("../")) return "outside";
    return exists(joined) ? "ok" : "missing";
  }
  const bases = ["", ...BASES];
  for (let dir = fileDir; dir !== "." && dir !== ""; dir = posix.dirname(dir)) bases.push(dir);
  return bases.some((base) => exists(base ? `${base}/${path}` : path)) ? "ok" : "missing";
}

const GONE = /^[`*_]*\s*[(,;]?\s*(since )?(removed|gone|deleted)\b/i;
const PATH = /(?<![\w./@:~$#%\\-])((?:\.\.?\/)*\.?[A-Za-z0-9_][\w.-]*(?:\/[\w.<>*{}…@-]*)+)/g;
const BARE = /(?<![\w./@:~$#%\\-])([A-Za-z0-9_][\w-]*(?:\.[\w-]+)*\.(?:ts|tsx|mts|mjs|cjs|sql|css|md|toml))(?![\w/-])/g;
const ISSUE = /\bissues?\s+#?\d+/gi;
/** Decisions that name a file since removed, with where: each must say at its top what replaced it. */
const historical = new Map();

/** Checks the prose `text` found at `offset` in `file` (whose whole text is `whole`). */
function checkProse(file, whole, offset, text) {
  for (const match of text.matchAll(PATH)) {
    const raw = match[1].replace(/[.,;:]+$/, "");
    const first = raw.replace(/^(\.\.?\/)+/, "").split("/")[0];
    const relative = raw.startsWith("./") || raw.startsWith("../");
    const segments = raw.split("/").filter(Boolean);
    const isTop = !relative && TOP.includes(first);
    if (SKIP_DIRS.has(first)) continue;
    if (!relative && !isTop) {
      if (!dirNames.has(first)) continue;
      // A short form: a file, a folder spelled with its slash, or three segments or more.
      const hasExtension = /\.[a-z]{2,4}$/.test(raw);
      if (!(hasExtension || raw.endsWith("/") || segments.length >= 3) || segments.length < 2) continue;
    }
    if (GONE.test(text.slice(match.index + match[0].length))) {
      if (file.startsWith("docs/decisions/")) historical.set(file, offset + match.index);
      continue;
    }
    const state = resolves(file, concrete(raw), isTop);
    if (state === "outside") report(file, whole, offset + match.index, `${raw} is outside the repository`);
    else if (state === "missing") report(file, whole, offset + match.index, `${raw} does not exist`);
  }
  for (const match of text.matchAll(BARE)) {
    if (baseNames.has(match[1]) || GONE.test(text.slice(match.index + match[0].length))) continue;
    report(file, whole, offset + match.index, `no file is named ${match[1]}`);
  }
  for (const match of text.matchAll(ISSUE)) {
    if (ISSUE_ALLOWED.has(`${file}:${match[0]}`)) continue;
    report(
      file,
      whole,
      offset + match.index,
      `"${match[0]}" names an issue: name the decision (docs/decisions/<number>) or say it`,
    );
  }
}

function listFiles(rel, test, out = []) {
  for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = `${rel}/${entry.name}`;
    if (entry.isDirectory()) listFiles(path, test, out);
    else if (test(entry.name)) out.push(path);
  }
  return out;
}

// Markdown: every line is prose; a link's target is relative to the document.
const markdown = ["README.md", "strapi/README.md", ...listFiles("docs", (name) => name.endsWith(".md"))];
for (const file of markdown) {
  const text = readFileSync(join(root, file), "utf8");
  checkProse(
    file,
    text,
    0,
    text.replace(/\]\([^)]*\)/g, (link) => " ".repeat(link.length)),
  );
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1].replace(/#.*$/, "");
    if (target === "" || /^[a-z]+:/i.test(target)) continue;
    const joined = posix.normalize(posix.join(posix.dirname(file), decodeURI(target)));
    if (joined.startsWith("../")) report(file, text, match.index, `link ${target} leaves the repository`);
    else if (!paths.has(joined.replace(/\/$/, ""))) report(file, text, match.index, `link ${target} leads nowhere`);
  }
}
for (const [file, offset] of historical) {
  const text = readFileSync(join(root, file), "utf8");
  const top = text.split("\n").slice(1, 6).join("\n");
  if (!/replaced by \[\d{4}\]\(\d{4}-[\w-]+\.md\)/i.test(top)) {
    report(file, text, offset, "names a removed file: say at the top what replaced it (Replaced by [NNNN](NNNN-….md))");
  }
}
/** The day the shop's code last changed (git's commit date), or null outside a git clone. */
function lastCodeChange() {
  try {
    const day = execFileSync("git", ["log", "-1", "--format=%cs", "--", "worker", "client", "shared"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
  } catch {
    return null;
  }
}
const codeChanged = lastCodeChange();
if (codeChanged) {
  const oldest = Date.parse(codeChanged) - BENCH_MAX_AGE_DAYS * 86_400_000;
  for (const file of markdown) {
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(/Bench of (\d{4}-\d{2}-\d{2})/g)) {
      if (Date.parse(match[1]) < oldest)
        report(
          file,
          text,
          match.index,
          `bench output of ${match[1]}, more than ${BENCH_MAX_AGE_DAYS} days before the code's last change (${codeChanged}): re-run the bench and paste its output here`,
        );
    }
  }
}
const readmeLines = readFileSync(join(root, "README.md"), "utf8").split("\n").length - 1;
if (readmeLines > README_MAX_LINES) {
  problems.push(
    `README.md:${README_MAX_LINES + 1}: ${readmeLines} lines, more than ${README_MAX_LINES}: move the detail to docs/`,
  );
}

// Code: comments only.
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js|css|sql)$/;
let sources = 0;
for (const top of CODE_ROOTS) {
  for (const file of listFiles(top, (name) => SOURCE.test(name))) {
    sources++;
    const text = readFileSync(join(root, file), "utf8");
    for (const [offset, comment] of comments(text, file.endsWith(".sql"))) checkProse(file, text, offset, comment);
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(
    `\nDocs check: ${problems.length} problem(s) in the Markdown documents and the comments of ${sources} files.`,
  );
  process.exit(1);
}
console.log(
  `Docs check: README.md (${readmeLines} lines), ${markdown.length - 1} other documents and the comments of ${sources} files: every path exists, no issue numbers.`,
);
