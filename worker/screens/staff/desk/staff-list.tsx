import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../../../platform/app-env";
import { Pager } from "../../../shop/listing/pager";
import { DeskOptions } from "./desk-field";
import { renderStaffSection, StaffNav, StaffNotices, type StaffSection } from "./staff-page";

/* The desk's lists (orders, requests, products, reviews, rules, e-mails, searches): frame, tables, filters, pages. */

/**
 * A wide table's frame: it scrolls sideways on a phone, so it is a named region keyboard users can
 * focus and scroll (axe: scrollable-region-focusable).
 */
export function StaffTableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <div className="staff-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * A list of the desk (orders, reviews, e-mails…): its navigation, the message of the last action
 * and, when a post was refused, why; then the list itself.
 */
export function renderStaffList(
  c: Context<AppEnv>,
  page: { title: string; section: StaffSection; alert?: string; body: ReactNode },
  status: 200 | 404 | 409 | 422 | 503 = 200,
): Promise<Response> {
  return renderStaffSection(
    c,
    page.title,
    (flash) => (
      <>
        <StaffNav current={page.section} />
        <StaffNotices flash={flash} alert={page.alert} />
        {page.body}
      </>
    ),
    status,
  );
}

/** A column of a desk table; `num` right-aligns it. */
export type StaffColumn = string | { label: string; num: true };

/** A desk table: scrolls sideways on a phone, a caption for screen readers, a header row. */
export function StaffTable({
  label,
  caption,
  className,
  columns,
  children,
  foot,
}: {
  label: string;
  caption: ReactNode;
  className: string;
  columns: readonly StaffColumn[];
  children: ReactNode;
  foot?: ReactNode;
}) {
  return (
    <StaffTableFrame label={label}>
      <table className={`staff-table ${className}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className="staff-table__num">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </StaffTableFrame>
  );
}

/** A select of a list's filter form: its name, its label, and its options as [value, words]. */
export interface StaffSelect<Name extends string = string> {
  name: Name;
  label: string;
  options: readonly (readonly [string, string])[];
}

/** Selects of a list's filter form, each with "All" first; `values` is the filter as it is. */
export function StaffFilterSelects<Filter extends object>({
  form,
  values,
  selects,
}: {
  form: string;
  values: Filter;
  selects: readonly StaffSelect<Extract<keyof Filter, string>>[];
}) {
  return selects.map(({ name, label, options }) => {
    const id = `${form}-${name}`;
    return (
      <div key={name} className="field">
        <label htmlFor={id}>{label}</label>
        <select id={id} name={name} defaultValue={String(values[name] ?? "")}>
          <option value="">All</option>
          <DeskOptions options={options} />
        </select>
      </div>
    );
  });
}

/** A list's filter form: its fields, then the button and the way back to the whole list. */
export function StaffFilterForm({
  action,
  className = "staff-filter",
  submit,
  children,
}: {
  action: string;
  className?: string;
  submit: string;
  children: ReactNode;
}) {
  return (
    <form method="get" action={action} className={className}>
      {children}
      <div className="staff-filter__actions">
        <button type="submit" className="button">
          {submit}
        </button>
        <a href={action}>Clear</a>
      </div>
    </form>
  );
}

/** A list's table of one page (none when the page is empty), then the pages to go through. */
export function StaffPagedTable({
  table,
  rows,
  pager,
}: {
  table: Omit<Parameters<typeof StaffTable>[0], "children">;
  rows: ReactNode[];
  pager: Omit<Parameters<typeof Pager>[0], "around">;
}) {
  return (
    <>
      {rows.length > 0 && <StaffTable {...table}>{rows}</StaffTable>}
      <Pager {...pager} around={2} />
    </>
  );
}

/** The first cell of a list's row: the record's link, and a second line when there is one. */
export function StaffRowHead({ href, title, sub }: { href: string; title: string; sub?: string | null }) {
  return (
    <th scope="row">
      <a href={href}>{title}</a>
      {sub && <span className="staff-table__sub">{sub}</span>}
    </th>
  );
}

/** A list's row: its head cell (StaffRowHead), then its other cells. */
export function StaffRow({ children, ...head }: Parameters<typeof StaffRowHead>[0] & { children: ReactNode }) {
  return (
    <tr>
      <StaffRowHead {...head} />
      {children}
    </tr>
  );
}
