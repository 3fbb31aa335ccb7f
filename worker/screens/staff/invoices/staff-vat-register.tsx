import type { Context } from "hono";
import { EMIRATES } from "../../../../shared/forms/checkout";
import { routePath } from "../../../../shared/links";
import {
  nextPeriod,
  PERIOD_PROBLEMS,
  type PeriodProblem,
  periodDays,
  periodName,
  readPeriod,
  recentPeriods,
  type VatPeriod,
} from "../../../../shared/vat-register/vat-period";
import { buildRegister, type VatRegister } from "../../../../shared/vat-register/vat-register";
import type { AppEnv } from "../../../platform/app-env";
import { readRegister } from "../../../platform/invoices/register-store";
import { Pager } from "../../../shop/listing/pager";
import { DeskField, DeskOptions } from "../desk/desk-field";
import { renderStaffList } from "../desk/staff-list";
import { BoxTable, EntriesTable } from "./register-tables";

/**
 * `/staff/invoices`: the VAT register of a month or a quarter (default: the current quarter in Dubai), what
 * an accountant files the VAT return from; `/staff/invoices.csv` is the same as a spreadsheet
 * (worker/screens/staff/invoices/register-csv.ts). Why it reads the issued snapshots and how a supply
 * finds its emirate: docs/decisions/0121-a-vat-register-read-from-the-issued-snapshots.md.
 */

/** The register of the period the query asks for, read in one round trip; or why that period cannot be shown. */
export async function loadRegister(
  c: Context<AppEnv>,
): Promise<{ period: VatPeriod; register: VatRegister } | { problem: PeriodProblem; asked: string }> {
  const asked = (c.req.query("period") ?? "").slice(0, 20);
  const read = readPeriod(asked, new Date());
  if (!read.period) return { problem: read.problem, asked };
  const sources = await readRegister(c.env.DB, read.period);
  return { period: read.period, register: buildRegister(sources, EMIRATES) };
}

function PeriodForm({ period, problem }: { period: VatPeriod | null; problem?: PeriodProblem }) {
  const now = new Date();
  const choices = recentPeriods(now);
  if (period && !choices.some((p) => p.key === period.key)) choices.unshift(period);
  const chosen = period?.key ?? choices[0]?.key;
  const groups = [
    { label: "Quarters", periods: choices.filter((p) => p.kind === "quarter") },
    { label: "Months", periods: choices.filter((p) => p.kind === "month") },
  ];
  return (
    <form method="get" action={routePath("staff-invoices")} className="staff-filter staff-period">
      <DeskField
        id="register-period"
        label="Period (Dubai time)"
        error={problem ? PERIOD_PROBLEMS[problem] : undefined}
        announced
      >
        {(aria) => (
          <select {...aria} name="period" defaultValue={chosen}>
            {groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                <DeskOptions options={group.periods.map((p) => [p.key, periodName(p)] as const)} />
              </optgroup>
            ))}
          </select>
        )}
      </DeskField>
      <div className="staff-filter__actions">
        <button type="submit" className="button">
          Show the register
        </button>
      </div>
    </form>
  );
}

function PeriodSteps({ period }: { period: VatPeriod }) {
  const before = nextPeriod(period, -1);
  const after = nextPeriod(period, 1);
  const link = (p: VatPeriod) => routePath("staff-invoices", { query: { period: p.key } });
  return (
    <nav className="staff-pages" aria-label="Other periods">
      <a href={link(before)} rel="prev">
        ‹ {periodName(before)}
      </a>
      {after.start <= new Date() ? (
        <a href={link(after)} rel="next">
          {periodName(after)} ›
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
}

/**
 * Documents a page shows: a quarter may hold thousands (3,001 drew a page of 1.4 MB in 3 s); the totals
 * are always the whole period's, and the CSV holds every document.
 */
const PER_PAGE = 100;

export async function vatRegisterPage(c: Context<AppEnv>): Promise<Response> {
  const loaded = await loadRegister(c);
  if ("problem" in loaded) {
    return renderStaffList(
      c,
      {
        title: "VAT register · Staff",
        section: "invoices",
        body: (
          <>
            <h1>VAT register</h1>
            <PeriodForm period={null} problem={loaded.problem} />
          </>
        ),
      },
      422,
    );
  }
  const { period, register } = loaded;
  const csv = routePath("staff-invoices-csv", { query: { period: period.key } });
  const pages = Math.max(1, Math.ceil(register.entries.length / PER_PAGE));
  const requested = Number.parseInt(c.req.query("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested > 0 ? Math.min(requested, pages) : 1;
  const entries = register.entries.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  return renderStaffList(c, {
    title: `VAT register ${periodName(period)} · Staff`,
    section: "invoices",
    body: (
      <>
        <div className="staff-head">
          <h1>VAT register: {periodName(period)}</h1>
          <a className="button button--outlined" href={csv} download>
            Download CSV
          </a>
        </div>
        <PeriodForm period={period} />
        <PeriodSteps period={period} />
        <p role="status">
          {periodDays(period)}, Dubai time: {count(register.invoices, "tax invoice", "tax invoices")} and{" "}
          {count(register.creditNotes, "credit note", "credit notes")} issued. Every amount is as the document was
          issued; a credit note's are negative and subtracted.
        </p>
        {register.unplaced.count > 0 && (
          <p className="notice notice--error">
            {count(register.unplaced.count, "document names", "documents name")} no emirate the shop can tell (an
            address without one, or a pick-up while the shop's registered address named none). Put{" "}
            {register.unplaced.count === 1 ? "it" : "them"} in the right box by hand; the line "Emirate not known" sums
            them.
          </p>
        )}
        <h2>For the VAT return (VAT 201, box 1)</h2>
        <BoxTable register={register} />
        <h2>Invoices and credit notes</h2>
        {register.entries.length > 0 ? (
          <>
            {pages > 1 && (
              <p className="muted">{`Documents ${((page - 1) * PER_PAGE + 1).toLocaleString("en-GB")}–${((page - 1) * PER_PAGE + entries.length).toLocaleString("en-GB")} of ${register.entries.length.toLocaleString("en-GB")}; the CSV holds them all.`}</p>
            )}
            <EntriesTable register={register} entries={entries} />
            <Pager
              base={routePath("staff-invoices")}
              query={{ period: period.key }}
              page={page}
              pageCount={pages}
              label="Pages of the register"
              around={2}
            />
          </>
        ) : (
          <p className="muted">No tax invoice or credit note was issued in this period.</p>
        )}
      </>
    ),
  });
}
