import type { Context } from "hono";
import { routePath } from "../../../shared/routes";
import { setFlash, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { listAudit } from "../../platform/audit/staff-audit-store";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import { checkRule } from "../../platform/redirects/check-rule";
import { redirectRulesChanged } from "../../platform/redirects/redirect-middleware";
import {
  changeRule,
  deleteRule,
  findStoredRule,
  listRedirectRules,
  type StoredRule,
} from "../../platform/redirects/redirect-rules";
import { draftOf, lastChangedBy, RuleFields, type RuleFormState, ruleScope, STATUS_WORDS } from "./redirect-form";
import { AuditLog, type AuditWords } from "./staff-audit";
import { renderStaffMessage, renderStaffPage, StaffRecordTop, staffDate } from "./staff-page";
import { renderRedirects } from "./staff-redirects";

/**
 * `/staff/redirects/{id}`: one rule, a form to change it, a button to delete it, and its audit.
 * Both forms post the version they showed; a save or delete from an older copy is refused.
 */
const ID = /^[1-9]\d{0,11}$/;

async function findRule(c: Context<AppEnv>): Promise<StoredRule | null> {
  const id = c.req.param("id") ?? "";
  return ID.test(id) ? findStoredRule(c.env.DB, Number(id)) : null;
}

async function renderRule(
  c: Context<AppEnv>,
  rule: StoredRule,
  state: RuleFormState = {},
  status: 200 | 409 | 422 = 200,
) {
  const audit = await listAudit(c.env.DB, "redirect", String(rule.id));
  const flash = takeFlash(c);
  return renderStaffPage(
    c,
    {
      title: `Redirect ${rule.fromPath} · Staff`,
      body: (
        <section className="container page-section staff">
          <StaffRecordTop
            section="redirects"
            back={{ href: routePath("staff-redirects"), label: "All redirect rules" }}
            flash={flash}
            alert={state.alert}
          />
          <h1 className="staff-redirects-title">
            Redirect from <code>{rule.fromPath}</code>
          </h1>
          <dl className="order-facts">
            <div>
              <dt>Leads to</dt>
              <dd>
                <code>{rule.toTarget}</code>
              </dd>
            </div>
            <div>
              <dt>Kind</dt>
              <dd>{STATUS_WORDS[rule.status]}</dd>
            </div>
            <div>
              <dt>Added</dt>
              <dd>{staffDate.format(new Date(rule.createdAt))}</dd>
            </div>
            {rule.updatedAt && (
              <div>
                <dt>Last changed</dt>
                <dd>{staffDate.format(new Date(rule.updatedAt))}</dd>
              </div>
            )}
          </dl>
          <div className="staff-redirects-edit">
            <form
              method="post"
              action={routePath("staff-redirect", { id: rule.id })}
              className="staff-action staff-redirects-action"
              noValidate
            >
              <h2>Change the rule</h2>
              <input type="hidden" name="action" value="save" />
              <input type="hidden" name="version" value={String(rule.version)} />
              <RuleFields form="change" state={state} rule={rule} />
              <button type="submit" className="button">
                Save changes
              </button>
            </form>
            <form
              method="post"
              action={routePath("staff-redirect", { id: rule.id })}
              className="staff-action staff-redirects-action"
              noValidate
            >
              <h2>Delete the rule</h2>
              <p className="muted">Shoppers who open {rule.fromPath} then get that page itself, or “page not found”.</p>
              <input type="hidden" name="action" value="delete" />
              <input type="hidden" name="version" value={String(rule.version)} />
              <button type="submit" className="button button--outlined">
                Delete this rule
              </button>
            </form>
          </div>
          <h2>Audit</h2>
          <AuditLog entries={audit} words={REDIRECT_AUDIT_WORDS} />
        </section>
      ),
    },
    status,
  );
}

const REDIRECT_AUDIT_WORDS: AuditWords = {
  actions: { add: "added the rule", change: "changed the rule", delete: "deleted the rule" },
  fields: { fromPath: "From", toTarget: "To", status: "Kind" },
  value: (field, value) =>
    field === "status"
      ? value === 301
        ? "301, moved for good"
        : value === 302
          ? "302, for now"
          : String(value)
      : String(value),
};

export async function redirectPage(c: Context<AppEnv>): Promise<Response> {
  const rule = await findRule(c);
  if (!rule) return renderStaffMessage(c, "Rule not found", "There is no redirect rule with that number.", 404);
  return renderRule(c, rule);
}

/** A rule that is gone: deleted meanwhile (the audit says by whom) or never there. */
async function gone(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param("id") ?? "";
  const [latest] = ID.test(id) ? await listAudit(c.env.DB, "redirect", id) : [];
  if (latest?.action !== "delete") {
    return renderStaffMessage(c, "Rule not found", "There is no redirect rule with that number.", 404);
  }
  return renderRedirects(
    c,
    { alert: `That rule was deleted by ${latest.staffName} meanwhile: nothing was changed.` },
    409,
  );
}

export async function postRedirectRule(c: Context<AppEnv>): Promise<Response> {
  const staff = c.get("staff");
  if (!staff) throw new Error("The staff desk's actions run behind staffOnly");
  const actor = { id: staff.id, name: staff.name };
  const rule = await findRule(c);
  if (!rule) return gone(c);
  const values = textFields(await readFormBody(c));
  const seenVersion = Number.parseInt(values.version ?? "", 10);
  const action = values.action;
  if ((action !== "save" && action !== "delete") || !Number.isInteger(seenVersion)) {
    return renderRule(c, rule, { alert: "That form was not complete. Please use the buttons on this page." }, 422);
  }
  const stale = async () =>
    renderRule(
      c,
      (await findStoredRule(c.env.DB, rule.id)) ?? rule,
      {
        alert: `This rule was changed by ${await lastChangedBy(c, rule.id)} meanwhile. Here it is as it is now: check it, then try again.`,
      },
      409,
    );
  if (seenVersion !== rule.version) return stale();

  if (action === "delete") {
    if (!(await deleteRule(c.env.DB, rule, seenVersion, actor)))
      return (await findStoredRule(c.env.DB, rule.id)) ? stale() : gone(c);
    await redirectRulesChanged(c.env);
    setFlash(c, { kind: "success", text: `Rule for ${rule.fromPath} deleted. It stops from the next visit.` });
    return c.redirect(routePath("staff-redirects"), 303);
  }

  const draft = draftOf(values);
  const checked = checkRule(draft, {
    rules: await listRedirectRules(c.env.DB),
    replacing: rule.fromPath,
    ...ruleScope(c),
  });
  if (!checked.ok) return renderRule(c, rule, { values: draft, errors: checked.errors }, 422);
  const saved = await changeRule(c.env.DB, rule, seenVersion, checked.rule, actor);
  if (saved === "taken") {
    const errors = { fromPath: `There is already a rule for ${checked.rule.fromPath}: change that one instead.` };
    return renderRule(c, rule, { values: draft, errors }, 409);
  }
  if (saved === "stale") return (await findStoredRule(c.env.DB, rule.id)) ? stale() : gone(c);
  await redirectRulesChanged(c.env);
  setFlash(c, {
    kind: "success",
    text: `Rule saved: ${checked.rule.fromPath} → ${checked.rule.toTarget}. It works from the next visit.`,
  });
  return c.redirect(routePath("staff-redirect", { id: rule.id }), 303);
}
