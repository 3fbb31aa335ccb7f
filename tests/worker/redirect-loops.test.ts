import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RedirectRule } from "../../worker/platform/redirects/redirect-rules";
import { resolveRedirect } from "../../worker/platform/redirects/resolve-redirect";
import { fetchWorker } from "./fetch";
import { signedIn } from "./support/staff-session";
import { typeRule } from "./support/typed-rule";

/**
 * Redirect rules that would loop once the shop's own routing is counted (decision 0102): rules are
 * matched by the path without its locale prefix and apply in both languages, and the shop answers
 * some paths with a redirect of its own (a product under another category: its canonical address).
 */
const ORIGIN = "https://shop.example";

function unique(prefix: string): string {
  return `/${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

async function ruleCount(fromPath: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM redirect_rules WHERE from_path = ?1")
    .bind(fromPath)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The text beside a field of the add form, entities decoded. */
async function errorBeside(res: Response, field: "fromPath" | "toTarget"): Promise<string> {
  const html = await res.text();
  const match = html.match(new RegExp(`<p class="field-error" id="add-${field}-error">(.*?)</p>`, "s"));
  return (match?.[1] ?? "")
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

async function staffAdd(fromPath: string, toTarget: string, status = "301") {
  const { browser } = await signedIn("staff");
  return browser.post("/staff/redirects", { fromPath, toTarget, status }, { from: null });
}

function resolve(rules: [string, string][], path: string) {
  const map = new Map<string, RedirectRule>(
    rules.map(([fromPath, toTarget]) => [fromPath, { fromPath, toTarget, status: 301 }]),
  );
  return resolveRedirect(map, path, "", ORIGIN, new Set());
}

describe("rules in two languages", () => {
  it("refuses a rule to its own path in Arabic, beside the target, and saves nothing", async () => {
    const from = unique("company");
    const res = await staffAdd(from, `/ar${from}`, "302");
    expect(res.status).toBe(422);
    expect(await errorBeside(res, "toTarget")).toBe(
      `This sends /ar${from} to itself: a rule applies in both languages, so /ar${from} follows the rule for ${from}. Choose another page.`,
    );
    expect(await ruleCount(from)).toBe(0);
  });

  it("refuses the home page to /ar", async () => {
    const res = await staffAdd("/", "/ar");
    expect(res.status).toBe(422);
    expect(await errorBeside(res, "toTarget")).toContain("This sends /ar to itself");
    expect(await ruleCount("/")).toBe(0);
  });

  it("refuses a from-path under /ar beside the field, saying to write it without", async () => {
    const res = await staffAdd("/ar/delivery-old", "/catalog");
    expect(res.status).toBe(422);
    expect(await errorBeside(res, "fromPath")).toBe(
      "A rule applies in both languages, so its path is written without /ar: enter /delivery-old, and /ar/delivery-old is sent on too.",
    );
    expect(await ruleCount("/ar/delivery-old")).toBe(0);
    expect((await staffAdd("/ar", "/catalog")).status).toBe(422);
  });

  it("still sends an English page to an Arabic one, and a chain through /ar ends in Arabic", async () => {
    const from = unique("arabic-offer");
    expect((await staffAdd(from, "/ar/catalog")).status).toBe(303);
    const res = await fetchWorker(from);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/ar/catalog");
    expect(
      resolve(
        [
          ["/a", "/ar/b"],
          ["/b", "/c"],
        ],
        "/a",
      ),
    ).toEqual({ kind: "redirect", location: "/ar/c", status: 301 });
    expect(
      resolve(
        [
          ["/a", "/ar/b"],
          ["/b", "/a"],
        ],
        "/a",
      ),
    ).toMatchObject({ kind: "refused", problem: { code: "loop" } });
  });

  it("does not follow a looping rule typed into D1 by hand, in either language", async () => {
    const from = unique("by-hand");
    await typeRule(from, `/ar${from}`, 302);
    for (const path of [from, `/ar${from}`]) {
      const res = await fetchWorker(path);
      expect(res.headers.get("location"), path).toBeNull();
    }
    const { browser } = await signedIn("staff");
    const list = await (await browser.get("/staff/redirects")).text();
    expect(list).toContain(`This would make a loop: ${from} → ${from}.`);
  });
});

describe("rules the shop itself would send back", () => {
  async function aProduct() {
    const product = await env.DB.prepare(
      `SELECT p.slug, c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id
       WHERE p.locale = 'en' ORDER BY p.id LIMIT 1`,
    ).first<{ slug: string; category: string }>();
    const other = await env.DB.prepare("SELECT slug FROM cms_categories WHERE slug != ?1 LIMIT 1")
      .bind(product!.category)
      .first<{ slug: string }>();
    return {
      canonical: `/catalog/${product!.category}/${product!.slug}`,
      elsewhere: `/catalog/${other!.slug}/${product!.slug}`,
    };
  }

  it("refuses a product's own address to the product under another category, which the shop sends back", async () => {
    const { canonical, elsewhere } = await aProduct();
    expect((await fetchWorker(elsewhere)).headers.get("location")).toBe(canonical);
    const res = await staffAdd(canonical, elsewhere);
    expect(res.status).toBe(422);
    expect(await errorBeside(res, "toTarget")).toBe(
      `The shop itself sends ${elsewhere} back to ${canonical}: shoppers would go round between the two. Choose another page.`,
    );
    expect(await ruleCount(canonical)).toBe(0);
    expect((await fetchWorker(canonical)).status).toBe(200);
  });

  it("refuses the same in Arabic, and on a rule's own page when it is changed to such a target", async () => {
    const { canonical, elsewhere } = await aProduct();
    const arabic = await staffAdd(canonical, `/ar${elsewhere}`);
    expect(arabic.status).toBe(422);
    expect(await errorBeside(arabic, "toTarget")).toBe(
      `The shop itself sends /ar${elsewhere} back to /ar${canonical}: shoppers would go round between the two. Choose another page.`,
    );
    const { browser } = await signedIn("staff");
    expect(
      (
        await browser.post(
          "/staff/redirects",
          { fromPath: canonical, toTarget: "/blog", status: "302" },
          { from: null },
        )
      ).status,
    ).toBe(303);
    const row = await env.DB.prepare("SELECT id, version FROM redirect_rules WHERE from_path = ?1")
      .bind(canonical)
      .first<{ id: number; version: number }>();
    const changed = await browser.post(
      `/staff/redirects/${row!.id}`,
      { action: "save", version: String(row!.version), fromPath: canonical, toTarget: elsewhere, status: "301" },
      { from: null },
    );
    expect(changed.status).toBe(422);
    expect(await changed.text()).toContain(`The shop itself sends ${elsewhere} back to ${canonical}`);
    const after = await env.DB.prepare("SELECT to_target FROM redirect_rules WHERE id = ?1").bind(row!.id).first();
    expect(after).toEqual({ to_target: "/blog" });
    await browser.post(
      `/staff/redirects/${row!.id}`,
      { action: "delete", version: String(row!.version), confirmed: "yes" },
      { from: null },
    );
  });

  it("accepts the other way round: the product under another category to its own address", async () => {
    const { canonical, elsewhere } = await aProduct();
    const res = await staffAdd(elsewhere, canonical);
    expect(res.status).toBe(303);
    expect((await fetchWorker(elsewhere)).headers.get("location")).toBe(canonical);
  });
});
