/**
 * Rich text from the CMS reduced to an allow-list of tags and attributes.
 * Everything else is dropped: unknown tags lose their markup (text kept),
 * script-like elements lose their content too, event handlers and style
 * attributes never survive, and links may only be http(s), mailto, tel or local.
 * Text is re-escaped, so nothing can open a new tag.
 */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  hr: [],
  code: [],
  pre: [],
  a: ["href", "title"],
  img: ["src", "alt", "width", "height"],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["scope"],
  td: [],
};
const VOID = new Set(["br", "hr", "img"]);
/** Elements whose content is never text a reader should see. */
const DROP_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "svg",
  "math",
  "textarea",
  "select",
]);

function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd))
    .replace(/&#(\d+);?/g, (_, dec) => String.fromCodePoint(Number(dec) || 0xfffd))
    .replace(
      /&(quot|amp|lt|gt|apos|colon|tab|newline);/gi,
      (_, name: string) =>
        ({ quot: '"', amp: "&", lt: "<", gt: ">", apos: "'", colon: ":", tab: "\t", newline: "\n" })[
          name.toLowerCase()
        ] ?? "",
    );
}

/** A URL safe to link to or load: http(s), mailto, tel, or a path on this site. */
export function safeUrl(raw: string, forImage = false): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what hides "javascript:"
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  // "//host" and "/\host" both leave the site in a browser.
  if (value.startsWith("/") && !/^\/[/\\]/.test(value)) return value;
  if (value.startsWith("#") && !forImage) return value;
  const scheme = value.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") return value;
  if (!forImage && (scheme === "mailto" || scheme === "tel")) return value;
  return null;
}

const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanAttributes(tag: string, raw: string): string {
  const allowed = ALLOWED[tag];
  const out: string[] = [];
  for (const match of raw.matchAll(ATTRIBUTE)) {
    const name = match[1].toLowerCase();
    if (!allowed.includes(name)) continue;
    const value = match[2] ?? match[3] ?? match[4] ?? "";
    if (name === "href" || name === "src") {
      const url = safeUrl(value, name === "src");
      if (url === null) continue;
      out.push(`${name}="${escapeAttribute(url)}"`);
    } else if (name === "width" || name === "height") {
      if (/^\d{1,5}$/.test(value)) out.push(`${name}="${value}"`);
    } else {
      out.push(`${name}="${escapeAttribute(decodeEntities(value))}"`);
    }
  }
  if (tag === "a" && out.some((a) => a.startsWith('href="http'))) out.push('rel="noopener nofollow"');
  if (tag === "img") {
    // An image the editor gave no description is treated as decorative, so screen readers skip it
    // instead of reading out its address.
    if (!out.some((a) => a.startsWith("alt="))) out.push('alt=""');
    out.push('loading="lazy"', 'decoding="async"');
  }
  return out.length ? ` ${out.join(" ")}` : "";
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<![^>]*>?/g;

export function sanitizeHtml(html: string): string {
  let out = "";
  let last = 0;
  let dropping: string | null = null;
  const open: string[] = [];
  for (const match of html.matchAll(TOKEN)) {
    const text = html.slice(last, match.index);
    if (!dropping) out += escapeText(text);
    last = match.index + match[0].length;
    const tag = match[2]?.toLowerCase();
    if (!tag) continue; // comments, doctypes, stray "<"
    const closing = match[1] === "/";
    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(tag)) {
      if (!closing && !/\/\s*$/.test(match[3])) dropping = tag;
      continue;
    }
    // Own keys only: "constructor" and friends are on every object's prototype.
    if (!Object.hasOwn(ALLOWED, tag)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      // Close anything left open inside, so the output stays well nested.
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${tag}${cleanAttributes(tag, match[3])}>`;
    if (!VOID.has(tag)) open.push(tag);
  }
  if (!dropping) out += escapeText(html.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Renders sanitised CMS rich text. */
export function RichText({
  html,
  className,
  lang,
  dir,
}: {
  html: string;
  className?: string;
  /** The text's language and direction when not the page's (shared/i18n/text-language.ts). */
  lang?: string;
  dir?: "ltr" | "rtl";
}) {
  return (
    <div
      className={className ?? "rich-text"}
      lang={lang}
      dir={dir}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML has just been through the allow-list
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
