/**
 * JSON-LD in a script tag. `<` is escaped so no value can close the tag; the
 * content is data, not script, so it needs no nonce.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function jsonLdScript(data: unknown) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, see jsonLdText
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
