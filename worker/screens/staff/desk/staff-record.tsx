import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../../platform/app-env";
import type { AuditEntry } from "../../../platform/stores/staff-audit-store";
import { AuditLog, type AuditWords } from "./staff-audit";
import { renderStaffSection, StaffRecordTop, type StaffSection } from "./staff-page";

/**
 * A record's page (an order, a request, a review, a product's stock, a redirect rule): the way
 * back to its list, the message of the last action or why a post was refused, the record and its
 * forms, and its audit log last.
 */
export function renderStaffRecord(
  c: Context<AppEnv>,
  page: {
    title: string;
    section: StaffSection;
    back: { href: string; label: string };
    alert?: string;
    audit: AuditEntry[];
    words: AuditWords;
    body: ReactNode;
  },
  status: 200 | 409 | 422 = 200,
): Promise<Response> {
  return renderStaffSection(
    c,
    page.title,
    (flash) => (
      <>
        <StaffRecordTop section={page.section} back={page.back} flash={flash} alert={page.alert} />
        {page.body}
        <h2>Audit</h2>
        <AuditLog entries={page.audit} words={page.words} />
      </>
    ),
    status,
  );
}
