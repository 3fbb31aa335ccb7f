/**
 * A JSON-LD block. JSON.stringify does not escape `<`, so `</script>` inside a
 * CMS string could end the element: `<`, `>`, `&` and the line separators are
 * written as \u escapes, which JSON parsers read back as the same characters.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function JsonLd({ data }: { data: unknown }) {
  // A data block, not a script: it never runs, so it needs no CSP nonce.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised with < > & escaped above
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
