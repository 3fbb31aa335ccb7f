// The link check of `npm test` (decision 0097): every link names its route, no shop path is spelled out.
// Every .ts and .tsx under worker/, client/ and shared/ (tests are not shipped) is parsed with the
// TypeScript compiler, and each string literal and piece of a template is looked at: one that starts
// with a path whose first segment is a first segment of the route table (shared/routes.ts, read here
// from its source: `/catalog`, `/user`, `/staff`…), or a bare "/" given to an `href` or `action`, is a
// shop path written by hand and fails, naming file, line and text, unless it is on ALLOWED.
// Not looked at: shared/routes.ts itself, and the first argument of a Hono registration
// (`app.route("/cart", …)`, `accountRoutes.post("/login", …)`), which is where a route is defined,
// not a link to one. Services the table does not list (the CMS's API, uploads, builds, sitemaps)
// are not shop paths and need no entry.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const ROOTS = ["worker", "client", "shared"];
const TABLE = "shared/routes.ts";

/**
 * Literals that are shop paths on purpose, each with why. Short: a new entry needs a reason a
 * route name cannot serve.
 */
const ALLOWED = [
  // The browser's prefetch reads these areas, and the table would add 40 % to its runtime script
  // (decision 0083); the compiler checks the list against the table's rows.
  { file: "shared/personal-paths.ts", text: "/cart" },
  { file: "shared/personal-paths.ts", text: "/user" },
  { file: "shared/personal-paths.ts", text: "/favorites" },
  { file: "shared/personal-paths.ts", text: "/staff" },
  { file: "shared/personal-paths.ts", text: "/stock-alerts" },
];

/** Methods whose first argument registers a route or middleware on a Hono app. */
const REGISTRATIONS = new Set(["get", "post", "put", "patch", "delete", "all", "on", "use", "route"]);

function files(dir) {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return name === "node_modules" ? [] : files(path);
    return /\.tsx?$/.test(path) && !path.endsWith(".d.ts") && path !== TABLE ? [path] : [];
  });
}

/** The first segments of the table's paths, read from its source (`path: "/catalog/:category"` → catalog). */
function tableSegments() {
  const source = ts.createSourceFile(TABLE, readFileSync(join(root, TABLE), "utf8"), ts.ScriptTarget.Latest, true);
  const segments = new Set();
  const visit = (node) => {
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === "path" &&
      ts.isStringLiteralLike(node.initializer)
    ) {
      const first = node.initializer.text.split("/")[1]?.split(".")[0];
      if (first) segments.add(first);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return segments;
}

const segments = tableSegments();

/** Whether a literal's text starts with a shop path: "/catalog", "/user/login?redirect=", "/staff/orders.csv". */
function isShopPath(text) {
  const match = /^\/([a-z][a-z0-9-]*)(?=$|[/?#.])/.exec(text);
  return match !== null && segments.has(match[1]);
}

function isRegistration(node) {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== node) return false;
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && REGISTRATIONS.has(callee.name.text);
}

/** A bare "/" is the home page when it is an `href` or `action`, and a separator anywhere else. */
function isHomeLink(node, text) {
  if (text !== "/") return false;
  const parent = node.parent;
  return parent !== undefined && ts.isJsxAttribute(parent) && ["href", "action"].includes(parent.name.getText());
}

const failures = [];
const allowedSeen = new Set();

for (const file of ROOTS.flatMap(files)) {
  const text = readFileSync(join(root, file), "utf8");
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    let literal;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) literal = node.text;
    if (literal !== undefined && (isShopPath(literal) || isHomeLink(node, literal))) {
      const owner = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node : node.parent;
      const allowed = ALLOWED.findIndex((a) => a.file === file && a.text === literal);
      if (allowed >= 0) allowedSeen.add(allowed);
      else if (!isRegistration(owner)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        failures.push(`${file}:${line + 1}: ${JSON.stringify(literal)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const stale = ALLOWED.filter((_, i) => !allowedSeen.has(i)).map((a) => `${a.file}: ${JSON.stringify(a.text)}`);

if (failures.length > 0 || stale.length > 0) {
  if (failures.length > 0) {
    console.error(
      `Shop paths written by hand (name the route: routePath() in ${TABLE}, decision 0097):\n  ${failures.join("\n  ")}`,
    );
  }
  if (stale.length > 0)
    console.error(`Allowed paths no longer written (take them off ALLOWED):\n  ${stale.join("\n  ")}`);
  console.error(`${failures.length} path literal(s) outside the route table.`);
  process.exit(1);
}
console.log("Links: every shop path is named from the route table.");
