import { type D1Migration, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedIn } from "./support/staff-session";

/**
 * A redirect rule's id is never given again (migrations/0116_redirect_rule_ids.sql, decision 0102): a page
 * still showing a deleted rule cannot delete the rule added after it, and each rule's audit is its own.
 */
function unique(prefix: string): string {
  return `/${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

async function ruleRow(fromPath: string) {
  return env.DB.prepare("SELECT id, version FROM redirect_rules WHERE from_path = ?1")
    .bind(fromPath)
    .first<{ id: number; version: number }>();
}

describe("a redirect rule's id", () => {
  it("is not given to the next rule when the rule with the highest id is deleted", async () => {
    const { browser } = await signedIn("staff");
    const add = (fromPath: string) =>
      browser.post("/staff/redirects", { fromPath, toTarget: "/catalog", status: "301" }, { from: null });
    const gone = unique("gone");
    expect((await add(gone)).status).toBe(303);
    const old = (await ruleRow(gone))!;
    const { n } = (await env.DB.prepare("SELECT max(id) AS n FROM redirect_rules").first<{ n: number }>())!;
    expect(old.id).toBe(n);
    const del = (id: number) =>
      browser.post(`/staff/redirects/${id}`, { action: "delete", version: "1", confirmed: "yes" }, { from: null });
    expect((await del(old.id)).status).toBe(303);
    const fresh = unique("fresh");
    expect((await add(fresh)).status).toBe(303);
    const added = (await ruleRow(fresh))!;
    expect(added.id).toBeGreaterThan(old.id);
    // The deleted rule's form, sent again (same id, version 1), deletes nothing.
    expect((await del(old.id)).status).toBe(409);
    expect(await ruleRow(fresh)).toEqual(added);
    const page = await (await browser.get(`/staff/redirects/${added.id}`)).text();
    expect(page).toContain(fresh);
    expect(page).not.toContain(gone);
  });
});

describe("migration 0116 on a desk's data", () => {
  const migrations: D1Migration[] = env.TEST_MIGRATIONS;
  const db = env.MIGRATION_DB;
  const apply = (range: D1Migration[]) => db.batch(range.flatMap((m) => m.queries.map((q) => db.prepare(q))));
  const audit = (id: number, action: string, recordId: string, path: string) =>
    db
      .prepare(
        `INSERT INTO staff_audit (id, staff_id, staff_name, action, record_kind, record_id, before_json, after_json)
         VALUES (?1, 1, 'Hessa', ?2, 'redirect', ?3, 'null', ?4)`,
      )
      .bind(id, action, recordId, JSON.stringify({ fromPath: path }));

  it("keeps every rule, starts new ids past every id the audit names, and gives each rule its own history", async () => {
    const at = migrations.findIndex((m) => m.name.startsWith("0116_"));
    expect(at).toBeGreaterThan(0);
    await apply(migrations.slice(0, at));
    await db.batch([
      db.prepare(
        `INSERT INTO redirect_rules (id, from_path, to_target, status, created_at, version, updated_at) VALUES
           (2, '/kept', '/catalog', 301, '2026-01-01T08:00:00.000Z', 3, '2026-02-01T08:00:00.000Z'),
           (3, '/second-three', '/blog', 302, '2026-03-01T08:00:00.000Z', 1, NULL)`,
      ),
      // Rule 3 was '/first-three', deleted, and its id given to '/second-three'; rule 9 was deleted last.
      audit(10, "add", "2", "/kept"),
      audit(11, "add", "3", "/first-three"),
      audit(12, "change", "3", "/first-three"),
      audit(13, "delete", "3", "/first-three"),
      audit(14, "add", "9", "/nine"),
      audit(15, "delete", "9", "/nine"),
      audit(16, "add", "3", "/second-three"),
      audit(17, "change", "2", "/kept"),
    ]);
    await apply(migrations.slice(at));
    const { results: rules } = await db
      .prepare(
        "SELECT id, from_path, to_target, status, created_at, version, updated_at FROM redirect_rules ORDER BY id",
      )
      .all();
    expect(rules).toEqual([
      {
        id: 2,
        from_path: "/kept",
        to_target: "/catalog",
        status: 301,
        created_at: "2026-01-01T08:00:00.000Z",
        version: 3,
        updated_at: "2026-02-01T08:00:00.000Z",
      },
      {
        id: 3,
        from_path: "/second-three",
        to_target: "/blog",
        status: 302,
        created_at: "2026-03-01T08:00:00.000Z",
        version: 1,
        updated_at: null,
      },
    ]);
    const { results: history } = await db
      .prepare("SELECT id, record_id FROM staff_audit WHERE record_kind = 'redirect' ORDER BY id")
      .all();
    expect(history).toEqual([
      { id: 10, record_id: "2" },
      { id: 11, record_id: "3-before-16" },
      { id: 12, record_id: "3-before-16" },
      { id: 13, record_id: "3-before-16" },
      { id: 14, record_id: "9" },
      { id: 15, record_id: "9" },
      { id: 16, record_id: "3" },
      { id: 17, record_id: "2" },
    ]);
    const next = await db
      .prepare("INSERT INTO redirect_rules (from_path, to_target) VALUES ('/next', '/catalog') RETURNING id")
      .first<{ id: number }>();
    expect(next?.id).toBe(10);
  });
});
