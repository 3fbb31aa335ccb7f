/**
 * A period of the VAT register (docs/decisions/0121-a-vat-register-read-from-the-issued-snapshots.md): a
 * calendar month (`2026-11`) or quarter (`2026-Q4`), its days counted in Dubai time (Asia/Dubai, UTC+4
 * all year, no summer time), so it starts and ends at midnight in Dubai: Q4 2026 runs from
 * 2026-09-30T20:00:00Z up to, not including, 2026-12-31T20:00:00Z.
 */
export interface VatPeriod {
  /** How it is written in a URL and a file name: `2026-Q4`, `2026-11`. */
  key: string;
  kind: "month" | "quarter";
  /** The first instant in it, and the first after it (UTC). */
  start: Date;
  end: Date;
}

const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;
/** UAE VAT began on 1 January 2018: no return is filed for a period before. */
const FIRST_YEAR = 2018;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Midnight in Dubai at the start of a month (month 0-based, may run past 11 into the next year). */
function dubaiMidnight(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1) - DUBAI_OFFSET_MS);
}

function monthPeriod(year: number, month: number): VatPeriod {
  return {
    key: `${year}-${String(month + 1).padStart(2, "0")}`,
    kind: "month",
    start: dubaiMidnight(year, month),
    end: dubaiMidnight(year, month + 1),
  };
}

function quarterPeriod(year: number, quarter: number): VatPeriod {
  return {
    key: `${year}-Q${quarter}`,
    kind: "quarter",
    start: dubaiMidnight(year, (quarter - 1) * 3),
    end: dubaiMidnight(year, quarter * 3),
  };
}

/** The quarter (by default) or month that `now` falls in, in Dubai. */
export function currentPeriod(now: Date, kind: VatPeriod["kind"] = "quarter"): VatPeriod {
  const dubai = new Date(now.getTime() + DUBAI_OFFSET_MS);
  const year = dubai.getUTCFullYear();
  const month = dubai.getUTCMonth();
  return kind === "month" ? monthPeriod(year, month) : quarterPeriod(year, Math.floor(month / 3) + 1);
}

export type PeriodProblem = "format" | "before-vat" | "not-begun";

/** The sentence the desk shows beside the period's field for each problem. */
export const PERIOD_PROBLEMS: Record<PeriodProblem, string> = {
  format: "Choose a month written like 2026-11 or a quarter like 2026-Q4.",
  "before-vat": "UAE VAT began on 1 January 2018: choose a period from 2018-01 or 2018-Q1 on.",
  "not-begun": "That period has not begun yet in Dubai: choose the current one or an earlier one.",
};

/** A period from its key, or why it cannot be one; none given is the current quarter. */
export function readPeriod(
  raw: string | undefined,
  now: Date,
): { period: VatPeriod; problem?: never } | { period?: never; problem: PeriodProblem } {
  const value = (raw ?? "").trim();
  if (value === "") return { period: currentPeriod(now) };
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  const quarter = /^(\d{4})-[Qq]([1-4])$/.exec(value);
  let period: VatPeriod;
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) {
    period = monthPeriod(Number(month[1]), Number(month[2]) - 1);
  } else if (quarter) {
    period = quarterPeriod(Number(quarter[1]), Number(quarter[2]));
  } else {
    return { problem: "format" };
  }
  if (period.end <= dubaiMidnight(FIRST_YEAR, 0)) return { problem: "before-vat" };
  if (period.start > now) return { problem: "not-begun" };
  return { period };
}

/** The period just before or after this one, of the same kind. */
export function nextPeriod(period: VatPeriod, step: 1 | -1): VatPeriod {
  const dubai = new Date(period.start.getTime() + DUBAI_OFFSET_MS);
  const year = dubai.getUTCFullYear();
  const month = dubai.getUTCMonth();
  if (period.kind === "month") {
    const m = month + step;
    return monthPeriod(year + Math.floor(m / 12), ((m % 12) + 12) % 12);
  }
  const q = Math.floor(month / 3) + step;
  return quarterPeriod(year + Math.floor(q / 4), (((q % 4) + 4) % 4) + 1);
}

/** "Q4 2026" or "November 2026". */
export function periodName(period: VatPeriod): string {
  const dubai = new Date(period.start.getTime() + DUBAI_OFFSET_MS);
  const year = dubai.getUTCFullYear();
  return period.kind === "month"
    ? `${MONTHS[dubai.getUTCMonth()]} ${year}`
    : `Q${Math.floor(dubai.getUTCMonth() / 3) + 1} ${year}`;
}

/** "1 October to 31 December 2026": its first and last days in Dubai. */
export function periodDays(period: VatPeriod): string {
  const first = new Date(period.start.getTime() + DUBAI_OFFSET_MS);
  const last = new Date(period.end.getTime() + DUBAI_OFFSET_MS - 1);
  const day = (d: Date, year: boolean) =>
    `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}${year ? ` ${d.getUTCFullYear()}` : ""}`;
  return `${day(first, first.getUTCFullYear() !== last.getUTCFullYear())} to ${day(last, true)}`;
}

/** The date an instant falls on in Dubai, as 2026-12-01. */
export function dubaiDay(iso: string): string {
  return new Date(new Date(iso).getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The periods the desk offers, newest first: the last eight quarters, then the last 24 months. */
export function recentPeriods(now: Date): VatPeriod[] {
  const periods: VatPeriod[] = [];
  let quarter = currentPeriod(now);
  let month = currentPeriod(now, "month");
  for (let i = 0; i < 8 && quarter.end > dubaiMidnight(FIRST_YEAR, 0); i++, quarter = nextPeriod(quarter, -1)) {
    periods.push(quarter);
  }
  for (let i = 0; i < 24 && month.end > dubaiMidnight(FIRST_YEAR, 0); i++, month = nextPeriod(month, -1)) {
    periods.push(month);
  }
  return periods;
}
