import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import { splitLocalePath } from "../../../../shared/locale-path";
import type { AppEnv } from "../../../platform/app-env";
import { describeProblem } from "../../../platform/redirects/check-rule";
import { redirectRulesChanged } from "../../../platform/redirects/redirect-middleware";
import {
  addRule,
  listStoredRules,
  type RedirectRule,
  type StoredRule,
} from "../../../platform/redirects/redirect-rules";
import { isLocalePrefixed, resolveRedirect } from "../../../platform/redirects/resolve-redirect";
import { listAction } from "../desk/desk-action";
import { renderStaffList } from "../desk/staff-list";
import { checkPostedRule } from "./posted-rule";
import { pathTaken, RuleFields, type RuleFormState, ruleSaved, ruleScope, STATUS_WORDS } from "./redirect-form";

/**
 * `/staff/redirects`: every redirect rule, whether the middleware follows it and why not, and
 * a form to add one. A rule is checked with the middleware's own functions before it is saved
 * and is in effect from the next request (redirect-middleware.ts, redirectRulesChanged).
 */
type Scope = ReturnType<typeof ruleScope>;

function rulesByPath(rules: readonly StoredRule[]): Map<string, RedirectRule> {
  return new Map(rules.map((rule) => [rule.fromPath, rule]));
}

/** Why the middleware would not follow this rule (one typed into D1 by hand, or an allow-list changed since), or null. */
function notFollowed(rule: StoredRule, byPath: ReadonlyMap<string, RedirectRule>, scope: Scope): string | null {
  if (isLocalePrefixed(rule.fromPath)) {
    return `A rule applies in both languages and is looked up by the path without /ar: ${rule.fromPath} is never matched. Add it for ${splitLocalePath(rule.fromPath).path} instead.`;
  }
  const decision = resolveRedirect(byPath, rule.fromPath, "", scope.origin, scope.allowedHosts);
  if (!decision) return "This path is kept for the shop itself; the rule is never used.";
  if (decision.kind === "refused") return describeProblem(decision.problem, rule.fromPath, scope.allowedHosts);
  return null;
}

function RuleItem({ rule, problem }: { rule: StoredRule; problem: string | null }) {
  return (
    <li className={`staff-redirects-rule${problem ? " staff-redirects-rule--off" : ""}`}>
      <p className="staff-redirects-rule__paths">
        <code>{rule.fromPath}</code>
        <span aria-hidden="true"> → </span>
        <span className="visually-hidden"> leads to </span>
        <code>{rule.toTarget}</code>
      </p>
      <p className="staff-redirects-rule__meta">
        <span className="status">{STATUS_WORDS[rule.status]}</span>
        {problem ? (
          <span className="staff-redirects-rule__problem">Not followed: {problem}</span>
        ) : (
          <span className="staff-redirects-rule__ok">In effect</span>
        )}
      </p>
      <a className="staff-redirects-rule__edit" href={routePath("staff-redirect", { id: rule.id })}>
        Change or delete<span className="visually-hidden"> the rule for {rule.fromPath}</span>
      </a>
    </li>
  );
}

export async function renderRedirects(c: Context<AppEnv>, state: RuleFormState = {}, status: 200 | 409 | 422 = 200) {
  const rules = await listStoredRules(c.env.DB);
  const scope = ruleScope(c);
  const byPath = rulesByPath(rules);
  const hosts = [...scope.allowedHosts];
  return renderStaffList(
    c,
    {
      title: "Redirect rules · Staff",
      section: "redirects",
      alert: state.alert,
      body: (
        <>
          <h1>Redirect rules</h1>
          <p className="lead">
            Send shoppers from an old address to a new one. A rule works from the next visit; the shop checks that it
            leads somewhere and never round in a loop.
          </p>
          <form method="post" action={routePath("staff-redirects")} className="staff-redirects-add" noValidate>
            <h2>Add a rule</h2>
            <RuleFields form="add" state={state} />
            <p className="muted">
              {hosts.length > 0
                ? `Other sites shoppers may be sent to: ${hosts.join(", ")}.`
                : "Shoppers can only be sent to pages of this shop (no other sites are allowed)."}
            </p>
            <button type="submit" className="button">
              Add rule
            </button>
          </form>
          <h2>
            {rules.length === 0 ? "No rules yet" : `${rules.length} rule${rules.length === 1 ? "" : "s"}, by old path`}
          </h2>
          {rules.length > 0 && (
            <ul className="staff-redirects-list">
              {rules.map((rule) => (
                <RuleItem key={rule.id} rule={rule} problem={notFollowed(rule, byPath, scope)} />
              ))}
            </ul>
          )}
        </>
      ),
    },
    status,
  );
}

export async function redirectsPage(c: Context<AppEnv>): Promise<Response> {
  return renderRedirects(c);
}

export const postRedirect = listAction<RuleFormState>(renderRedirects, async ({ c, form, actor }) => {
  const checked = await checkPostedRule(c, form, rulesByPath(await listStoredRules(c.env.DB)));
  if (!checked.ok) return { again: checked.again, status: 422 };
  const { draft } = checked;
  // Another member may have added a rule for the same path between the check and the write.
  const added = await addRule(c.env.DB, checked.rule, actor);
  if (!added.ok) return { again: { values: draft, errors: pathTaken(checked.rule) }, status: 409 };
  await redirectRulesChanged(c.env);
  return { done: ruleSaved("added", checked.rule), to: routePath("staff-redirects") };
});
