import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../../platform/app-env";
import { type AuditEntry, listAudit } from "../../../platform/audit/staff-audit-store";
import { type AuditRef, CONFIRMED } from "./desk-action";
import { AuditLog, type AuditWords } from "./staff-audit";
import { renderStaffSection, StaffRecordTop, type StaffSection } from "./staff-page";

/**
 * A record's page (an order, a request, a review, a product's stock, a redirect rule): the way
 * back to its list, the message of the last action or why a post was refused, the record and its
 * forms, and its audit log last.
 */
/** What every page of one kind of record shares: its section, the way back to its list, its audit's words. */
/** A record page's status: shown, refused as overtaken (409), or refused as wrong (422). */
export type RecordStatus = 200 | 409 | 422;

export interface RecordFrame {
  section: StaffSection;
  back: { href: string; label: string };
  words: AuditWords;
}

/** `page.audit`: the record's audit rows, or where they are (read here when the page needs nothing beside them). */
export async function renderStaffRecord(
  c: Context<AppEnv>,
  frame: RecordFrame,
  page: { title: string; alert?: string; audit: AuditEntry[] | AuditRef; status?: RecordStatus },
  body: ReactNode,
): Promise<Response> {
  const audit = Array.isArray(page.audit) ? page.audit : await listAudit(c.env.DB, page.audit.kind, page.audit.ref);
  return renderStaffSection(
    c,
    page.title,
    (flash) => (
      <>
        <StaffRecordTop section={frame.section} back={frame.back} flash={flash} alert={page.alert} />
        {body}
        <h2>Audit</h2>
        <AuditLog entries={audit} words={frame.words} />
      </>
    ),
    page.status,
  );
}

/**
 * A form of a record's page: it posts back to the page with the action it asks for and the version
 * it was shown from (the pipeline refuses a save from an older copy), its fields, and its button.
 */
export function DeskForm({
  to,
  className,
  intent,
  version,
  submit,
  outlined = false,
  confirm,
  confirmError,
  children,
}: {
  to: string;
  className: string;
  intent?: string;
  version?: number;
  submit: ReactNode;
  outlined?: boolean;
  /** An action that undoes something asks first: a box with these words, which the desk requires ticked. */
  confirm?: string;
  /** Why the last post of this form was refused unticked: shown beside the box, which takes focus. */
  confirmError?: string;
  children?: ReactNode;
}) {
  const boxId = `${intent ?? className.split(" ")[0]}-${CONFIRMED.name}`;
  return (
    <form method="post" action={to} className={className} noValidate>
      {intent && <input type="hidden" name="action" value={intent} />}
      {version !== undefined && <input type="hidden" name="version" value={String(version)} />}
      {children}
      {confirm && (
        <label className="check staff-confirm">
          <input
            type="checkbox"
            id={boxId}
            name={CONFIRMED.name}
            value={CONFIRMED.value}
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? `${boxId}-error` : undefined}
            // biome-ignore lint/a11y/noAutofocus: the refused post's answer is this box; the desk works without scripts
            autoFocus={Boolean(confirmError)}
          />{" "}
          {confirm}
        </label>
      )}
      {confirm && confirmError && (
        <p className="field-error" id={`${boxId}-error`}>
          <span>{confirmError}</span>
        </p>
      )}
      <button type="submit" className={outlined ? "button button--outlined" : "button"}>
        {submit}
      </button>
    </form>
  );
}

/** A record's internal note (staff only): a form of its own, posted as the action "note". */
export function DeskNoteForm({
  to,
  version,
  className,
  submit,
  children,
}: {
  to: string;
  version: number;
  className?: string;
  submit: string;
  children: ReactNode;
}) {
  return (
    <DeskForm
      to={to}
      className={className ? `staff-note ${className}` : "staff-note"}
      intent="note"
      version={version}
      submit={submit}
      outlined
    >
      {children}
    </DeskForm>
  );
}

/** One fact of a record's facts list: a term and what it is; `wide` takes the whole row. */
export function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "staff-facts__wide" : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
