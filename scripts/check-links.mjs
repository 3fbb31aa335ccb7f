// The link check of `npm test` (decision 0097): every link names its route, no shop path is spelled out.
// Every .ts and .tsx under worker/, client/ and shared/ (tests are not shipped) is parsed with the
// TypeScript compiler, and each string literal and template is looked at. One that starts with a
// path ("/catalog", `/user/login?redirect=${…}`) is a shop path written by hand and fails, naming file,
// line and text, unless its first segment is a service's (SERVICES: the CMS's API, uploads, the build
// manifest…), it names a file ("/robots.txt"), or it is on ALLOWED. A piece of a template after an
// expression (`${origin}/staff/requests/…`) fails when its first segment is a first segment of the
// route table (shared/routes.ts and shared/links.ts, read here from their source). A bare "/" fails as an `href` or `action`.
// Not looked at: the table itself, and the first argument of a Hono registration
// (`app.route("/cart", …)`, `accountRoutes.post("/login", …)`), which is where a route is defined,
// not a link to one.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const ROOTS = ["worker", "client", "shared"];
/** The route table: its pages, and the other routes a link may lead to. */
const TABLE = ["shared/routes.ts", "shared/links.ts"];

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

/** First segments of paths that are not the shop's pages: services, files and the CMS's own routes. */
const SERVICES = new Set(["api", "graphql", "uploads", "media", "social", "builds", "sitemaps", "cdn-cgi"]);

/** Paths of other programs' APIs, written where those programs are called. */
const FOREIGN = [
  // The CMS's REST API, relative to its `/api` (the embedded CMS's or a real Strapi's).
  { file: "worker/platform/session/auth-client.ts", segments: ["auth", "users"] },
  { file: "worker/cms/auth/auth-middleware.ts", segments: ["auth"] },
  // Stripe's API.
  { file: "worker/platform/payments/stripe-checkout.ts", segments: ["v1"] },
];

/** Methods whose first argument registers a route or middleware on a Hono app. */
const REGISTRATIONS = new Set(["get", "post", "put", "patch", "delete", "all", "on", "use", "route"]);

function files(dir) {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return name === "node_modules" ? [] : files(path);
    return /\.tsx?$/.test(path) && !path.endsWith(".d.ts") && !TABLE.includes(path) ? [path] : [];
  });
}

/** The first segments of the table's paths, read from its source (`path: "/catalog/:category"` → catalog). */
function tableSegments() {
  const segments = new Set();
  for (const file of TABLE) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
    collectSegments(source, segments);
  }
  return segments;
}

function collectSegments(source, segments) {
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
}

const segments = tableSegments();

/** The first segment of a path at a literal's start, or null: "/user/login?x" → "user", "/" → "". */
function firstSegment(text) {
  const match = /^\/([a-z][a-z0-9-]*)?(?=$|[/?#.])/.exec(text);
  return match === null ? null : (match[1] ?? "");
}

/** Whether a literal that starts an expression is a shop path: any path but a service's, a file's or another program's. */
function isShopPath(file, text) {
  const segment = firstSegment(text);
  if (segment === null || segment === "") return false;
  if (SERVICES.has(segment) || /^\/[a-z0-9-]+\.[a-z0-9]{2,5}$/i.test(text.split(/[?#]/, 1)[0])) return false;
  return !FOREIGN.some((f) => f.file === file && f.segments.includes(segment));
}

/** Whether a piece of a template after an expression starts with a path of the route table. */
function isTablePath(text) {
  const segment = firstSegment(text);
  return segment !== null && segments.has(segment);
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
    let shop = false;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      literal = node.text;
      shop = isShopPath(file, literal) || isHomeLink(node, literal);
    } else if (ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      literal = node.text;
      shop = isTablePath(literal);
    }
    if (literal !== undefined && shop) {
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
