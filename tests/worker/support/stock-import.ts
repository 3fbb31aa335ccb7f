import { expect } from "vitest";

/** The hidden fields of an import preview's confirm form, as a browser would post them. */
export function confirmFields(html: string): Record<string, string> {
  const start = html.indexOf('<input type="hidden" name="step" value="confirm"');
  expect(start, "the page has no confirm form").toBeGreaterThan(0);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields: Record<string, string> = {};
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([a-z]+)" value="([^"]*)"/g)) {
    fields[name!] = value!.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
  }
  return fields;
}
