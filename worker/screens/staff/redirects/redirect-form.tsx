import type { Context } from "hono";
import type { Flash } from "../../../frame/personal/personal-fragment";
import type { AppEnv } from "../../../platform/app-env";
import type { RuleDraft, RuleErrors } from "../../../platform/redirects/check-rule";
import type { RedirectRule } from "../../../platform/redirects/redirect-rules";
import { parseAllowedHosts } from "../../../platform/redirects/resolve-redirect";
import { DeskField } from "../desk/desk-field";

/** The fields of a redirect rule, the same on the add form and a rule's own page. */
export const STATUS_WORDS: Record<301 | 302, string> = {
  301: "Permanent (301)",
  302: "Temporary (302)",
};

export interface RuleFormState {
  values?: Partial<RuleDraft>;
  errors?: RuleErrors;
  alert?: string;
}

/** The checks' view of this request: the origin the middleware compares with, and the allowed hosts. */
export function ruleScope(c: Context<AppEnv>) {
  return { origin: new URL(c.req.url).origin, allowedHosts: parseAllowedHosts(c.env.REDIRECT_ALLOWED_HOSTS) };
}

/** The draft a form posted (text fields only; anything missing is empty and gets its message). */
export function draftOf(values: Record<string, string>): RuleDraft {
  return { fromPath: values.fromPath ?? "", toTarget: values.toTarget ?? "", status: values.status ?? "" };
}

/** The refusal of a second rule for a path that has one (added meanwhile, or typed over another). */
export function pathTaken(rule: RedirectRule): RuleErrors {
  return { fromPath: `There is already a rule for ${rule.fromPath}: change that one instead.` };
}

/** The flash of a rule added or changed. */
export function ruleSaved(done: "added" | "saved", rule: RedirectRule): Flash {
  return {
    kind: "success",
    text: `Rule ${done}: ${rule.fromPath} → ${rule.toTarget}. It works from the next visit.`,
  };
}

const PATH_FIELDS = [
  {
    name: "fromPath",
    label: "Old path",
    hint: "The address shoppers still use, from the / after the domain, e.g. /old-serums. Without /ar: a rule works in both languages (/old-serums and /ar/old-serums).",
  },
  {
    name: "toTarget",
    label: "Send shoppers to",
    hint: "A page of this shop (/catalog/skincare) or an https:// address of an allowed site.",
  },
] as const;

/** The three fields; `form` keeps the ids apart when two forms share a page. */
export function RuleFields({
  form,
  state,
  rule,
}: {
  form: string;
  state: RuleFormState;
  rule?: Pick<RedirectRule, "fromPath" | "toTarget" | "status">;
}) {
  const values = state.values ?? {};
  const errors = state.errors ?? {};
  const status = values.status ?? String(rule?.status ?? 301);
  return (
    <div className="staff-redirects-fields">
      {PATH_FIELDS.map(({ name, label, hint }) => (
        <DeskField key={name} id={`${form}-${name}`} label={label} hint={hint} error={errors[name]}>
          {(aria) => (
            <input
              {...aria}
              name={name}
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={2000}
              required
              defaultValue={values[name] ?? rule?.[name] ?? ""}
            />
          )}
        </DeskField>
      ))}
      <DeskField
        id={`${form}-status`}
        label="Kind of redirect"
        hint="Permanent: the page has moved for good (search engines move its ranking). Temporary: for a while, e.g. a campaign."
        hintGivesWay
        error={errors.status}
      >
        {(aria) => (
          <select {...aria} name="status" defaultValue={status}>
            <option value="301">{STATUS_WORDS[301]}</option>
            <option value="302">{STATUS_WORDS[302]}</option>
          </select>
        )}
      </DeskField>
    </div>
  );
}
