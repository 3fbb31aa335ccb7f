import type { Context } from "hono";
import type { AppEnv } from "../../../platform/app-env";
import { checkRule, type RuleDraft } from "../../../platform/redirects/check-rule";
import type { RedirectRule } from "../../../platform/redirects/redirect-rules";
import { draftOf, type RuleFormState, ruleScope } from "./redirect-form";
import { sentBack } from "./sent-back-check";

/**
 * A rule as a desk form posted it (the add form's or a rule's own), checked with the middleware's functions
 * against `rules` (worker/platform/redirects/check-rule.ts), then against the shop sending its target back
 * (worker/screens/staff/redirects/sent-back-check.ts): the rule to save, or the form again with a sentence
 * beside each field. `replacing`: the path of the rule being changed.
 */
export async function checkPostedRule(
  c: Context<AppEnv>,
  form: Record<string, string>,
  rules: ReadonlyMap<string, RedirectRule>,
  replacing?: string,
): Promise<{ ok: true; draft: RuleDraft; rule: RedirectRule } | { ok: false; again: RuleFormState }> {
  const draft = draftOf(form);
  const checked = checkRule(draft, { rules, replacing, ...ruleScope(c) });
  if (!checked.ok) return { ok: false, again: { values: draft, errors: checked.errors } };
  const back = await sentBack(c, checked.rule);
  if (back) return { ok: false, again: { values: draft, errors: { toTarget: back } } };
  return { ok: true, draft, rule: checked.rule };
}
