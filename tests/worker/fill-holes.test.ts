import { describe, expect, it } from "vitest";

/**
 * favourite-hearts.ts puts a heart's "pressed" label back as markup, straight from
 * the attribute React escaped. That is safe only while HTMLRewriter hands out
 * attribute values as they stand in the source, entities undecoded: this
 * test holds workerd to it.
 */
describe("HTMLRewriter attribute values", () => {
  it("come back as written in the HTML, entities undecoded", async () => {
    let seen: string | null = null;
    const html = '<span data-label-on="Remove &lt;img src=x onerror=alert(1)&gt; &amp; Co">x</span>';
    await new HTMLRewriter()
      .on("span", {
        element(el) {
          seen = el.getAttribute("data-label-on");
        },
      })
      .transform(new Response(html))
      .text();
    expect(seen).toBe("Remove &lt;img src=x onerror=alert(1)&gt; &amp; Co");
  });
});
