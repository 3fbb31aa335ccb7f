import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";

describe("not found", () => {
  it("answers 404 inside the layout with the path", async () => {
    const res = await fetchWorker("/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops... Page is not found");
    expect(html).toContain('Page not found: <bdi dir="ltr">/no-such-page</bdi>');
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
  });

  it("writes the path left to right in an Arabic sentence", async () => {
    const res = await fetchWorker("/ar/no-such-page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('الصفحة غير موجودة: <bdi dir="ltr">/ar/no-such-page</bdi>');
  });

  it("escapes the path it echoes", async () => {
    const res = await fetchWorker("/%3Cscript%3Ealert(1)%3C/script%3E");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain('Page not found: <bdi dir="ltr">/&lt;script&gt;alert(1)&lt;/script&gt;</bdi>');
  });
});
