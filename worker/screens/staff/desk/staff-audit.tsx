import type { AuditEntry } from "../../../platform/audit/staff-audit-store";
import { staffDate } from "./staff-page";

/**
 * A record's audit log as an owner reads it: who, when, what, and each field that changed as
 * "Status: New → Confirmed", not the stored JSON. Each section names its fields and says how
 * to show a value (a status by its label, an empty value as "—").
 */
export interface AuditWords {
  /** The action as a sentence's verb phrase: "confirm" → "confirmed the order". */
  actions: Record<string, string>;
  /** The fields worth showing, by their stored name, with the label staff know. */
  fields: Record<string, string>;
  /** How a field's value reads; text as it is by default. */
  value?: (field: string, value: unknown) => string;
}

function parse(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function shown(words: AuditWords, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return words.value ? words.value(field, value) : String(value);
}

/** The fields that differ between before and after, in the order `words.fields` lists them. */
export function auditChanges(words: AuditWords, entry: Pick<AuditEntry, "before" | "after">) {
  const before = parse(entry.before);
  const after = parse(entry.after);
  return (
    Object.entries(words.fields)
      // A field shows when the action set it, changed it or, for a deleted record, took it away.
      .filter(
        ([field]) =>
          (field in after || field in before) && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
      )
      .map(([field, label]) => ({
        label,
        from: field in before ? shown(words, field, before[field]) : null,
        to: shown(words, field, after[field]),
      }))
  );
}

export function AuditLog({ entries, words }: { entries: AuditEntry[]; words: AuditWords }) {
  if (entries.length === 0) return <p className="muted">No staff action yet.</p>;
  return (
    <ul className="staff-audit">
      {entries.map((entry) => (
        <li key={entry.id}>
          <p className="staff-audit__head">
            <time dateTime={entry.createdAt}>{staffDate.format(new Date(entry.createdAt))}</time> ·{" "}
            <strong>{entry.staffName}</strong> {words.actions[entry.action] ?? entry.action}
          </p>
          <ul className="staff-audit__changes">
            {auditChanges(words, entry).map((change) => (
              <li key={change.label}>
                {change.label}: {change.from !== null && <>{change.from} → </>}
                {change.to}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
