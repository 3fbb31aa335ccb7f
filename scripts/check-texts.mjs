// The text check of `npm test` (decision 0087): no interface text written inline in a component.
// Every .tsx under worker/screens, worker/frame, client/islands and client/components is parsed
// with the TypeScript compiler, and what a shopper reads or hears is looked at:
//   - JSX text (`<p>Add to bag</p>`),
//   - a string literal or template in a JSX expression (`{"Sending…"}`, `{`${n} items`}`), also as
//     either branch of a condition (`{busy ? "Sending…" : label}`),
//   - a literal or template given to any attribute that is not code (CODE_ATTRIBUTES: class names,
//     paths, ids, input names…): aria-label, placeholder, title, alt, and a component's own props
//     (`eyebrow="Just in"`, `hint="…"`),
//   - a literal or template as a property a page shows: `renderPage(c, { title: "Bag" })`, a
//     crumb's `name`, a flash's `message`, `label`, `text`, `heading`, `description`.
// Any run of two or more Latin letters there is inline English: it fails, naming file, line and text,
// unless the text is on ALLOWED (brand and product names, formats) or the file is on PENDING.
// Texts come from the catalogue (shared/i18n/), whose English is the specification's word for word.
// The staff desk (worker/screens/staff) stays English and is not checked (decision 0087).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));
const ROOTS = ["worker/screens", "worker/frame", "client/islands", "client/components"];
const SKIP = ["worker/screens/staff/"];

/** Words that are not the shop's English: names of brands and services, file formats, symbols. */
const ALLOWED = new Set([
  "Instagram",
  "Facebook",
  "YouTube",
  "Telegram",
  "WhatsApp",
  "PNG",
  "JPG",
  "GIF",
  "SKU",
  "AED",
]);

/**
 * Files whose texts are still written inline, to be moved onto the catalogue (decision 0087).
 * Honest and shrinking: a file leaves the list when it is moved, and the check fails when a file
 * on it has no inline text left (so the list cannot keep a moved file).
 */
const PENDING = new Set([]);

/**
 * Attributes whose values are code, not text (class names, paths, ids, input names and types,
 * ARIA references, island wiring). Any other attribute given a literal is read as text: a
 * component's own props (`eyebrow="Just in"`, `hint="…"`) are what its parents show.
 */
const CODE_ATTRIBUTES = new Set([
  "className",
  "id",
  "key",
  "href",
  "src",
  "srcSet",
  "action",
  "method",
  "encType",
  "name",
  "type",
  "value",
  "defaultValue",
  "htmlFor",
  "rel",
  "target",
  "role",
  "autoComplete",
  "inputMode",
  "accept",
  "lang",
  "dir",
  "charSet",
  "content",
  "as",
  "crossOrigin",
  "loading",
  "decoding",
  "fetchPriority",
  "referrerPolicy",
  "sizes",
  "media",
  "wake",
  "wakeOn",
  "idPrefix",
  "icon",
  "kind",
  "size",
  "base",
  "fill",
  "stroke",
  "viewBox",
  "d",
  "transform",
  "strokeLinecap",
  "strokeLinejoin",
  "pattern",
  "aria-controls",
  "aria-labelledby",
  "aria-describedby",
  "aria-live",
  "aria-current",
  "aria-autocomplete",
  "aria-haspopup",
  "aria-hidden",
  "aria-pressed",
  "aria-expanded",
  "aria-selected",
  "aria-modal",
  "aria-busy",
  "property",
  "focusable",
  "more",
]);

/** An attribute value that is code whatever its attribute: a path or anchor, a boolean, one lowercase token. */
function looksLikeCode(value) {
  return /^[/#?]/.test(value) || /^[a-z0-9:_.-]*$/.test(value);
}

/** Properties that become read text: a page's title and description, a message, a label. */
const PAGE_PROPERTIES = new Set(["title", "description", "label", "message", "text", "heading"]);

function isReadAttribute(name) {
  return !CODE_ATTRIBUTES.has(name) && !name.startsWith("data-") && !/^on[A-Z]/.test(name);
}

function files(dir) {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return files(path);
    return path.endsWith(".tsx") && !SKIP.some((skip) => path.startsWith(skip)) ? [path] : [];
  });
}

/** The English words of a text: runs of two or more Latin letters not on ALLOWED. */
function englishIn(text) {
  return (text.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !ALLOWED.has(word));
}

/** The literal parts of an expression a shopper would read: strings, templates, both branches of a condition. */
function literalsOf(node) {
  if (!node) return [];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map((span) => span.literal)];
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(node.operatorToken.kind)
  )
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  return [];
}

export function inlineTexts(path, source) {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const report = (node, text) => {
    if (englishIn(text).length === 0) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push({ path, line: line + 1, text: text.trim().replace(/\s+/g, " ") });
  };
  const visit = (node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent)) {
      for (const literal of literalsOf(node.expression)) report(literal, literal.text);
    } else if (ts.isJsxAttribute(node) && isReadAttribute(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      const literals = ts.isStringLiteral(init) ? [init] : ts.isJsxExpression(init) ? literalsOf(init.expression) : [];
      for (const literal of literals) if (!looksLikeCode(literal.text)) report(literal, literal.text);
    } else if (
      ts.isPropertyAssignment(node) &&
      PAGE_PROPERTIES.has(node.name.getText(file)) &&
      !ts.isJsxAttribute(node.parent)
    ) {
      for (const literal of literalsOf(node.initializer)) report(literal, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function main() {
  const all = ROOTS.flatMap(files);
  const failures = [];
  for (const path of all) {
    const found = inlineTexts(path, readFileSync(join(root, path), "utf8"));
    if (PENDING.has(path)) {
      if (found.length === 0)
        failures.push(`${path}: has no inline text left; take it off PENDING in scripts/check-texts.mjs`);
    } else {
      for (const f of found)
        failures.push(`${f.path}:${f.line}: inline text "${f.text}": take it from the catalogue (shared/i18n/en.ts)`);
    }
  }
  for (const path of PENDING) {
    if (!all.includes(path)) failures.push(`${path}: on PENDING but not a checked file any more`);
  }
  if (failures.length > 0) {
    console.error(failures.join("\n"));
    console.error(
      `\n${failures.length} text problem(s): interface texts belong in shared/i18n/ (docs/decisions/0087).`,
    );
    process.exit(1);
  }
  console.log(
    `Texts: ${all.length - PENDING.size} component files take every text from the catalogue; ${PENDING.size} still to move.`,
  );
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === "") main();
