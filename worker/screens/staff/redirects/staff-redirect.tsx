import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import { redirectRulesChanged } from "../../../platform/redirects/redirect-middleware";
import {
  changeRule,
  deleteRule,
  findStoredRule,
  listRedirectRules,
  type StoredRule,
} from "../../../platform/redirects/redirect-rules";
import { type DeskRecord, latestChange, recordAction, sameVersion } from "../desk/desk-action";
import { renderStaffMessage, staffDate } from "../desk/staff-page";
import { DeskForm, Fact, type RecordFrame, type RecordStatus, renderStaffRecord } from "../desk/staff-record";
import { checkPostedRule } from "./posted-rule";
import { pathTaken, RuleFields, type RuleFormState, ruleSaved, STATUS_WORDS } from "./redirect-form";
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

/** Deleting a rule sends its old address to a 404 at once: the desk asks first. */
const DELETE_QUESTION = "Yes, delete this rule";

const RULE_FORMS = [
  { intent: "save", title: "Change the rule", submit: "Save changes" },
  { intent: "delete", title: "Delete the rule", submit: "Delete this rule" },
] as const;

function renderRule(c: Context<AppEnv>, rule: StoredRule, state: RuleFormState = {}, status: RecordStatus = 200) {
  return renderStaffRecord(
    c,
    RULE_RECORD,
    {
      title: `Redirect ${rule.fromPath} · Staff`,
      alert: state.alert,
      audit: { kind: "redirect", ref: String(rule.id) },
      status,
    },
    <>
      <h1 className="staff-redirects-title">
        Redirect from <code>{rule.fromPath}</code>
      </h1>
      <dl className="order-facts">
        <Fact term="Leads to">
          <code>{rule.toTarget}</code>
        </Fact>
        <Fact term="Kind">{STATUS_WORDS[rule.status]}</Fact>
        <Fact term="Added">{staffDate.format(new Date(rule.createdAt))}</Fact>
        {rule.updatedAt && <Fact term="Last changed">{staffDate.format(new Date(rule.updatedAt))}</Fact>}
      </dl>
      <div className="staff-redirects-edit">
        {RULE_FORMS.map((form) => (
          <DeskForm
            key={form.intent}
            to={routePath("staff-redirect", { id: rule.id })}
            className="staff-action staff-redirects-action"
            intent={form.intent}
            version={rule.version}
            submit={form.submit}
            outlined={form.intent === "delete"}
            confirm={form.intent === "delete" ? DELETE_QUESTION : undefined}
          >
            <h2>{form.title}</h2>
            {form.intent === "save" ? (
              <RuleFields form="change" state={state} rule={rule} />
            ) : (
              <p className="muted">Shoppers who open {rule.fromPath} then get that page itself, or “page not found”.</p>
            )}
          </DeskForm>
        ))}
      </div>
    </>,
  );
}

const RULE_RECORD: RecordFrame = {
  section: "redirects",
  back: { href: routePath("staff-redirects"), label: "All redirect rules" },
  words: {
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
  },
};

export async function redirectPage(c: Context<AppEnv>): Promise<Response> {
  const rule = await findRule(c);
  if (!rule) return renderStaffMessage(c, "Rule not found", "There is no redirect rule with that number.", 404);
  return renderRule(c, rule);
}

/** A rule that is gone: deleted meanwhile (the audit says by whom) or never there. */
async function gone(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param("id") ?? "";
  const latest = ID.test(id) ? await latestChange(c, { kind: "redirect", ref: id }) : null;
  if (latest?.action !== "delete") {
    return renderStaffMessage(c, "Rule not found", "There is no redirect rule with that number.", 404);
  }
  return renderRedirects(
    c,
    { alert: `That rule was deleted by ${latest.staffName} meanwhile: nothing was changed.` },
    409,
  );
}

const RULE_DESK: DeskRecord<StoredRule, RuleFormState> = {
  find: findRule,
  missing: gone,
  render: renderRule,
  fresh: (rule, form) => sameVersion(form, rule.version, (action) => action === "save" || action === "delete"),
  audit: (rule) => ({ kind: "redirect", ref: String(rule.id) }),
  meanwhile: (_now, who) => ({
    alert: `This rule was changed by ${who} meanwhile. Here it is as it is now: check it, then try again.`,
  }),
  asksFirst: (form) => (form.action === "delete" ? DELETE_QUESTION : null),
};

export const postRedirectRule = recordAction(RULE_DESK, async ({ c, record: rule, form: values, actor }) => {
  if (values.action === "delete") {
    if (!(await deleteRule(c.env.DB, rule, rule.version, actor))) return { meanwhile: true };
    await redirectRulesChanged(c.env);
    const text = `Rule for ${rule.fromPath} deleted. It stops from the next visit.`;
    return { done: { kind: "success", text }, to: routePath("staff-redirects") };
  }
  const checked = await checkPostedRule(c, values, await listRedirectRules(c.env.DB), rule.fromPath);
  if (!checked.ok) return { again: checked.again, status: 422 };
  const { draft } = checked;
  const saved = await changeRule(c.env.DB, rule, rule.version, checked.rule, actor);
  if (saved === "taken") return { again: { values: draft, errors: pathTaken(checked.rule) }, status: 409 };
  if (saved === "stale") return { meanwhile: true };
  await redirectRulesChanged(c.env);
  return { done: ruleSaved("saved", checked.rule), to: routePath("staff-redirect", { id: rule.id }) };
});
