import { env } from "cloudflare:test";
import { expect } from "vitest";
import { register } from "./auth-api";
import { Browser, type Send } from "./browser-session";

/**
 * Signed-in browsers for the staff desk's tests: a staff member (the Staff role set in the embedded
 * CMS's users, as `npm run staff -- grant` does) or an ordinary shopper, signed in through the
 * shop's own sign-in form.
 */
export async function setRole(userId: number, role: "staff" | "authenticated"): Promise<void> {
  await env.DB.prepare("UPDATE cms_users SET role = ?2 WHERE id = ?1").bind(userId, role).run();
}

export async function signedIn(role: "staff" | "authenticated", send?: Send) {
  const account = await register();
  if (role === "staff") await setRole(account.id, "staff");
  const browser = new Browser(send);
  const res = await browser.post(
    "/user/login",
    { identifier: account.email, password: account.password },
    { from: null },
  );
  expect(res.status).toBe(303);
  return { account, browser };
}

/** The audit rows of one record, oldest first, with before and after parsed. */
export async function auditOf(recordKind: string, recordId: string) {
  const { results } = await env.DB.prepare(
    `SELECT staff_id, staff_name, action, before_json, after_json FROM staff_audit
     WHERE record_kind = ?1 AND record_id = ?2 ORDER BY id`,
  )
    .bind(recordKind, recordId)
    .all<{ staff_id: number; staff_name: string; action: string; before_json: string; after_json: string }>();
  return results.map((row) => ({
    staffId: row.staff_id,
    staffName: row.staff_name,
    action: row.action,
    before: JSON.parse(row.before_json) as Record<string, unknown>,
    after: JSON.parse(row.after_json) as Record<string, unknown> | null,
  }));
}
