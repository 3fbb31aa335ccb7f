import { describe, expect, it } from "vitest";
import { safeUrl, sanitizeHtml } from "../../worker/frame/ui/sanitize-html";

describe("rich text sanitiser", () => {
  it("treats tag names that live on Object.prototype as unknown, without throwing", () => {
    expect(sanitizeHtml("<constructor>a</constructor><toString>b</toString><valueOf>c</valueOf>")).toBe("abc");
  });

  it("refuses links that leave the site by a leading slash and backslash", () => {
    expect(safeUrl("/\\evil.example")).toBeNull();
    expect(safeUrl("//evil.example")).toBeNull();
    expect(safeUrl("/catalog")).toBe("/catalog");
    expect(sanitizeHtml('<a href="/\\evil.example/x">x</a>')).not.toContain("evil.example");
  });

  it("keeps the allowed formatting", () => {
    const html = "<h2>Title</h2><p>Some <strong>bold</strong> and <em>soft</em> text.</p><ul><li>One</li></ul>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("drops script elements with their content", () => {
    expect(sanitizeHtml('<p>Hi</p><script>alert("x")</script><p>there</p>')).toBe("<p>Hi</p><p>there</p>");
    expect(sanitizeHtml("<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok")).toBe("ok");
  });

  it("removes event handlers and style attributes", () => {
    const out = sanitizeHtml('<img src="/a.png" onerror="alert(1)" style="x" alt="A"><p onclick="x()">t</p>');
    expect(out).not.toMatch(/onerror|onclick|style|alert/);
    expect(out).toContain('<img src="/a.png" alt="A" loading="lazy" decoding="async">');
  });

  it("neutralises javascript: and data: links, however they are spelled", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " java\tscript:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
    ]) {
      const out = sanitizeHtml(`<a href="${href}">x</a>`);
      expect(out, href).toBe("<a>x</a>");
    }
    expect(sanitizeHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener nofollow">x</a>',
    );
    expect(safeUrl("/blog/post")).toBe("/blog/post");
    expect(safeUrl("//evil.example")).toBeNull();
  });

  it("escapes text so nothing can open a tag, and closes what is left open", () => {
    expect(sanitizeHtml("<p>1 < 2 & 3 > 2")).toBe("<p>1 &lt; 2 &amp; 3 &gt; 2</p>");
    expect(sanitizeHtml("<div><p>x</div>")).toBe("<p>x</p>");
    expect(sanitizeHtml("<iframe src=x></iframe><p>ok</p>")).toBe("<p>ok</p>");
    expect(sanitizeHtml('<p title="a&quot;><script>">t</p>')).toBe("<p>t</p>");
  });

  it("gives an image without a description an empty alt, so it reads as decorative", () => {
    expect(sanitizeHtml('<img src="/a.png" width="800" height="450">')).toBe(
      '<img src="/a.png" width="800" height="450" alt="" loading="lazy" decoding="async">',
    );
    expect(sanitizeHtml('<img src="javascript:alert(1)" alt="x">')).toBe(
      '<img alt="x" loading="lazy" decoding="async">',
    );
  });

  it("drops an onerror written without quotes or with odd spacing, and a javascript: link hidden by entities", () => {
    const out = sanitizeHtml(
      '<img src=/a.png onerror=alert(1)><img\nsrc="/b.png"\tONERROR = "alert(2)"><a href="jav&#x09;ascript&colon;alert(3)">x</a>',
    );
    expect(out).not.toMatch(/onerror|alert|javascript/i);
    expect(out).toContain("<a>x</a>");
  });
});
