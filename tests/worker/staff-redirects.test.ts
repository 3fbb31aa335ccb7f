import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkRule } from "../../worker/platform/redirects/check-rule";
import type { RedirectRule } from "../../worker/platform/redirects/redirect-rules";
import { parseAllowedHosts, resolveRedirect } from "../../worker/platform/redirects/resolve-redirect";
import { fetchWorker } from "./fetch";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { auditOf, signedIn } from "./support/staff-session";

/**
 * Redirect rules on the staff desk (decision 0075): added, changed and deleted with the middleware's
 * own checks (allowed hosts, safe paths, no loops, at most 10 hops), in effect from the next
 * request, an audit row each, and a save from an older copy of the page refused.
 */
function unique(prefix: string): string {
  return `/${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

async function ruleRow(fromPath: string) {
  return env.DB.prepare("SELECT id, to_target, status, version FROM redirect_rules WHERE from_path = ?1")
    .bind(fromPath)
    .first<{ id: number; to_target: string; status: number; version: number }>();
}

function add(browser: Browser, fromPath: string, toTarget: string, status = "301") {
  return browser.post("/staff/redirects", { fromPath, toTarget, status }, { from: null });
}

async function change(browser: Browser, fromPath: string, fields: Record<string, string>) {
  const row = (await ruleRow(fromPath))!;
  return browser.post(
    `/staff/redirects/${row.id}`,
    { action: "save", version: String(row.version), fromPath, toTarget: row.to_target, status: "301", ...fields },
    { from: null },
  );
}

describe("who may edit redirect rules", () => {
  it("sends a visitor to sign in and refuses a shopper with 403, on every page and action, changing nothing", async () => {
    const { browser: staff } = await signedIn("staff");
    const kept = unique("kept");
    expect((await add(staff, kept, "/catalog")).status).toBe(303);
    const { id, version } = (await ruleRow(kept))!;
    const { browser: shopper } = await signedIn("authenticated");
    for (const [who, browser, page, action] of [
      ["visitor", new Browser(), 302, 303],
      ["shopper", shopper, 403, 403],
    ] as const) {
      for (const path of ["/staff/redirects", `/staff/redirects/${id}`]) {
        const res = await browser.get(path);
        expect(res.status, `${who} ${path}`).toBe(page);
        expect(await res.text()).not.toContain(kept);
      }
      const added = unique(`by-${who}`);
      expect((await add(browser, added, "/catalog")).status).toBe(action);
      expect(await ruleRow(added)).toBeNull();
      const posts: Record<string, string>[] = [
        { action: "save", fromPath: kept, toTarget: "/blog", status: "302" },
        { action: "delete" },
      ];
      for (const fields of posts) {
        const res = await browser.post(
          `/staff/redirects/${id}`,
          { version: String(version), ...fields },
          { from: null },
        );
        expect(res.status).toBe(action);
        if (action === 303) expect(res.headers.get("location")).toMatch(/^\/user\/login/);
      }
    }
    expect(await ruleRow(kept)).toMatchObject({ to_target: "/catalog", status: 301, version: 1 });
  });
});

describe("a rule added on the desk", () => {
  it("works on the next request, keeps the query, and is audited", async () => {
    const { browser, account } = await signedIn("staff");
    const from = unique("old-serums");
    const before = await fetchWorker(from);
    expect(before.status).toBe(404);
    const res = await add(browser, from, "/catalog/skincare", "302");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/staff/redirects");
    const list = await (await browser.get("/staff/redirects")).text();
    expect(list).toContain(`Rule added: ${from} → /catalog/skincare. It works from the next visit.`);
    expect(list).toContain("In effect");

    const after = await fetchWorker(`${from}?utm_source=mail`);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/catalog/skincare?utm_source=mail");

    const { id } = (await ruleRow(from))!;
    expect(await auditOf("redirect", String(id))).toEqual([
      {
        staffId: account.id,
        staffName: account.username,
        action: "add",
        before: null,
        after: { fromPath: from, toTarget: "/catalog/skincare", status: 302 },
      },
    ]);
  });

  it("takes effect at once even where the middleware keeps its copy of the rules for an hour", async () => {
    // The shop as deployed keeps the rules per isolate (REDIRECT_CACHE_SECONDS); the tests' default reads every time.
    const cached = { ...env, REDIRECT_CACHE_SECONDS: "3600" };
    const send = (path: string, init: RequestInit = {}) =>
      appRequest(`https://shop.example${path}`, { redirect: "manual", ...init }, cached);
    const { browser } = await signedIn("staff", send);
    const typed = unique("typed-by-hand");
    const desk = unique("from-the-desk");
    expect((await send(desk)).status).toBe(404);
    // A rule typed straight into D1 waits for the copy to expire: the copy is really kept.
    await env.DB.prepare("INSERT INTO redirect_rules (from_path, to_target) VALUES (?1, '/blog')").bind(typed).run();
    expect((await send(typed)).status).toBe(404);
    // A rule from the desk is followed on the next request, and the copy is read again.
    expect((await add(browser, desk, "/catalog")).status).toBe(303);
    const followed = await send(desk);
    expect(followed.status).toBe(301);
    expect(followed.headers.get("location")).toBe("/catalog");
    expect((await send(typed)).headers.get("location")).toBe("/blog");
    // The desk kept the rules in KV under the version it moved to: an isolate with no copy reads them
    // there, with their version, and no D1 call (redirects/rules-snapshot.ts).
    const version = await env.CMS_CACHE.get("ver:redirects");
    const snapshot = JSON.parse((await env.CMS_CACHE.get("redirects:rules")) ?? "null");
    expect(snapshot.version).toBe(version);
    expect(snapshot.rules).toContainEqual([desk, "/catalog", 301]);
    expect(snapshot.rules).toContainEqual([typed, "/blog", 301]);
  });

  it("may send shoppers to an allowed site, and refuses any other host beside the field with 422", async () => {
    const { browser } = await signedIn("staff");
    const partner = unique("partner");
    expect((await add(browser, partner, "https://partner.example/offer?ref=noor")).status).toBe(303);
    expect((await fetchWorker(partner)).headers.get("location")).toBe("https://partner.example/offer?ref=noor");

    const evil = unique("evil");
    for (const target of ["https://evil.example/phish", "//evil.example/phish", "/\\evil.example"]) {
      const res = await add(browser, evil, target);
      expect(res.status, target).toBe(422);
      const html = await res.text();
      expect(html).toContain('id="add-toTarget-error"');
      expect(html).toContain(
        "The site evil.example is not one of those shoppers may be sent to (partner.example, brand.example).",
      );
      expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="add-toTarget-hint add-toTarget-error"/);
    }
    const script = await add(browser, evil, "javascript:alert(1)");
    expect(script.status).toBe(422);
    expect(await script.text()).toContain("Only a path on this shop or an https:// address can be a target");
    expect(await ruleRow(evil)).toBeNull();
  });

  it("refuses a rule to itself, a loop back and a chain of more than 10 rules, naming the way round", async () => {
    const { browser } = await signedIn("staff");
    const self = unique("self");
    const own = await add(browser, `${self}/`, self);
    expect(own.status).toBe(422);
    expect(await own.text()).toContain(`This sends ${self} to itself. Choose another page.`);

    const a = unique("loop-a");
    const b = unique("loop-b");
    expect((await add(browser, a, b)).status).toBe(303);
    const loop = await add(browser, b, a);
    expect(loop.status).toBe(422);
    expect(await loop.text()).toContain(`This would make a loop: ${b} → ${a} → ${b}.`);
    expect(await ruleRow(b)).toBeNull();

    // Ten rules in a row are followed in one hop; the eleventh would break the first.
    const chain = Array.from({ length: 12 }, (_, i) => unique(`chain-${i}`));
    for (let i = 0; i < 10; i++) expect((await add(browser, chain[i]!, chain[i + 1]!)).status).toBe(303);
    expect((await fetchWorker(chain[0]!)).headers.get("location")).toBe(chain[10]);
    const long = await add(browser, chain[10]!, chain[11]!);
    expect(long.status).toBe(422);
    expect(await long.text()).toContain(
      `The rule for ${chain[0]} would stop working. This would make a chain of more than 10 rules from ${chain[0]}.`,
    );
    expect(await ruleRow(chain[10]!)).toBeNull();
  });

  it("explains each field's problem: the path, a second rule for it, the staff desk, the kind", async () => {
    const { browser } = await signedIn("staff");
    const cases: [Record<string, string>, string, string][] = [
      [
        { fromPath: "", toTarget: "/catalog", status: "301" },
        "fromPath",
        "Enter the path to send on, e.g. /old-serums.",
      ],
      [{ fromPath: "old", toTarget: "/catalog", status: "301" }, "fromPath", "Start with / : the path on this shop"],
      [
        { fromPath: "/old?page=2", toTarget: "/catalog", status: "301" },
        "fromPath",
        "leave out everything from ? or #",
      ],
      [{ fromPath: "/staff/orders", toTarget: "/", status: "301" }, "fromPath", "The staff desk, the sign-in page"],
      [{ fromPath: "/user/login", toTarget: "/", status: "302" }, "fromPath", "The staff desk, the sign-in page"],
      [{ fromPath: unique("k"), toTarget: "", status: "301" }, "toTarget", "Enter where it should lead"],
      [{ fromPath: unique("k"), toTarget: "catalog", status: "301" }, "toTarget", "Start with / for a page"],
      [
        { fromPath: unique("k"), toTarget: "/catalog", status: "307" },
        "status",
        "Choose permanent (301) or temporary (302).",
      ],
      [{ fromPath: unique("k"), toTarget: "/catalog" }, "status", "Choose permanent (301) or temporary (302)."],
    ];
    for (const [fields, field, message] of cases) {
      const res = await browser.post("/staff/redirects", fields, { from: null });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      const html = await res.text();
      expect(html).toContain(`id="add-${field}-error"`);
      expect(html).toContain(message);
      // What was typed stays in the form, escaped.
      if (fields.fromPath) expect(html).toContain(`value="${fields.fromPath.replace("&", "&amp;")}"`);
    }
    const taken = unique("taken");
    expect((await add(browser, taken, "/catalog")).status).toBe(303);
    const twice = await add(browser, `${taken}/`, "/blog");
    expect(twice.status).toBe(422);
    expect(await twice.text()).toContain(`There is already a rule for ${taken}: change that one instead.`);
    const tricky = await add(browser, unique("x"), '"><script>alert(1)</script>');
    expect(tricky.status).toBe(422);
    expect(await tricky.text()).not.toContain("<script>alert(1)</script>");
  });
});

describe("changing and deleting a rule", () => {
  it("changes a rule from its page, effective on the next request, with before and after in the audit", async () => {
    const { browser, account } = await signedIn("staff");
    const from = unique("moved");
    await add(browser, from, "/catalog");
    const { id } = (await ruleRow(from))!;
    const page = await (await browser.get(`/staff/redirects/${id}`)).text();
    expect(page).toContain("Save changes");
    expect(page).toContain("Delete this rule");
    const res = await change(browser, from, { toTarget: "/blog", status: "302" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/staff/redirects/${id}`);
    const moved = await fetchWorker(from);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/blog");
    const audit = await auditOf("redirect", String(id));
    expect(audit.map((row) => row.action)).toEqual(["add", "change"]);
    expect(audit[1]).toMatchObject({
      staffName: account.username,
      before: { fromPath: from, toTarget: "/catalog", status: 301 },
      after: { fromPath: from, toTarget: "/blog", status: 302 },
    });
    const bad = await change(browser, from, { toTarget: "https://evil.example/" });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('id="change-toTarget-error"');
    expect((await ruleRow(from))!.to_target).toBe("/blog");
  });

  it("refuses the second of two staff saving the same rule: changed by … meanwhile, nothing overwritten", async () => {
    const first = await signedIn("staff");
    const second = await signedIn("staff");
    const from = unique("contested");
    await add(first.browser, from, "/catalog");
    const seen = (await ruleRow(from))!;
    const post = (browser: Browser, fields: Record<string, string>) =>
      browser.post(`/staff/redirects/${seen.id}`, { version: String(seen.version), ...fields }, { from: null });
    expect(
      (await post(first.browser, { action: "save", fromPath: from, toTarget: "/blog", status: "301" })).status,
    ).toBe(303);
    const posts: Record<string, string>[] = [
      { action: "save", fromPath: from, toTarget: "/projects", status: "301" },
      { action: "delete" },
    ];
    for (const fields of posts) {
      const stale = await post(second.browser, fields);
      expect(stale.status).toBe(409);
      const html = await stale.text();
      expect(html).toContain(`This rule was changed by ${first.account.username} meanwhile.`);
      // The page shows the rule as it is now.
      expect(html).toContain("/blog");
    }
    expect(await ruleRow(from)).toMatchObject({ to_target: "/blog", version: 2 });
  });

  it("deletes a rule: gone on the next request; a second delete is told who deleted it", async () => {
    const first = await signedIn("staff");
    const second = await signedIn("staff");
    const from = unique("gone");
    await add(first.browser, from, "/catalog");
    expect((await fetchWorker(from)).status).toBe(301);
    const { id, version } = (await ruleRow(from))!;
    // Unticked, the desk asks first: the rule stays.
    const unasked = await first.browser.post(
      `/staff/redirects/${id}`,
      { action: "delete", version: String(version) },
      { from: null },
    );
    expect(unasked.status).toBe(422);
    expect(await unasked.text()).toContain("Nothing was done: tick “Yes, delete this rule” to go ahead.");
    expect(await ruleRow(from)).not.toBeNull();
    const res = await first.browser.post(
      `/staff/redirects/${id}`,
      { action: "delete", version: String(version), confirmed: "yes" },
      { from: null },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/staff/redirects");
    expect(await ruleRow(from)).toBeNull();
    expect((await fetchWorker(from)).status).toBe(404);
    const audit = await auditOf("redirect", String(id));
    expect(audit.map((row) => row.action)).toEqual(["add", "delete"]);
    expect(audit[1]!.after).toBeNull();

    const late = await second.browser.post(
      `/staff/redirects/${id}`,
      { action: "delete", version: String(version), confirmed: "yes" },
      { from: null },
    );
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(`That rule was deleted by ${first.account.username} meanwhile`);
    expect((await second.browser.get(`/staff/redirects/${id}`)).status).toBe(404);
    expect((await second.browser.get("/staff/redirects/abc")).status).toBe(404);
  });

  it("answers a form without its version with 422 and changes nothing", async () => {
    const { browser } = await signedIn("staff");
    const from = unique("versionless");
    await add(browser, from, "/catalog");
    const { id } = (await ruleRow(from))!;
    const posts: Record<string, string>[] = [{ action: "delete" }, { action: "drop", version: "1" }];
    for (const fields of posts) {
      const res = await browser.post(`/staff/redirects/${id}`, fields, { from: null });
      expect(res.status).toBe(422);
      expect(await res.text()).toContain("That form was not complete.");
    }
    expect(await ruleRow(from)).not.toBeNull();
  });
});

describe("the desk's checks are the middleware's", () => {
  const origin = "https://shop.example";
  const allowedHosts = parseAllowedHosts("partner.example");
  const rules = new Map<string, RedirectRule>([
    ["/a", { fromPath: "/a", toTarget: "/b", status: 301 }],
    ["/broken", { fromPath: "/broken", toTarget: "https://elsewhere.example/", status: 301 }],
  ]);

  it.each([
    ["/n1", "/catalog"],
    ["/n2", "https://partner.example/x"],
    ["/n3", "/a"],
    ["/n4", "/.//evil.example"],
    ["/n5", "https://shop.example/blog?x=1"],
    ["/b", "/c"],
  ])("saves %s → %s only as a rule the middleware then follows", (fromPath, toTarget) => {
    const checked = checkRule({ fromPath, toTarget, status: "301" }, { rules, origin, allowedHosts });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const next = new Map(rules).set(checked.rule.fromPath, checked.rule);
    const decision = resolveRedirect(next, checked.rule.fromPath, "", origin, allowedHosts);
    expect(decision?.kind).toBe("redirect");
    if (decision?.kind === "redirect") expect(new URL(decision.location, origin).host).not.toBe("evil.example");
  });

  it.each([
    ["/m1", "https://elsewhere.example/"],
    ["/m2", "/broken"],
    ["/b", "/a"],
    ["/m3", "ftp://partner.example/file"],
  ])("refuses %s → %s, which the middleware would ignore", (fromPath, toTarget) => {
    expect(checkRule({ fromPath, toTarget, status: "301" }, { rules, origin, allowedHosts }).ok).toBe(false);
  });
});
