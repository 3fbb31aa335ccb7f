/**
 * A delivery's CSV for the staff desk: one `sku,on_hand` a line, the header optional. Every line
 * is checked before anything is written; each problem is reported with its line number, so the
 * file can be fixed and sent again whole.
 */
export const IMPORT_MAX_LINES = 2_000;
export const IMPORT_MAX_CHARS = 200_000;
/** The largest count the desk takes: a typo's extra digits, not a warehouse. */
export const STOCK_MAX = 999_999;

export interface ImportRow {
  line: number;
  sku: string;
  onHand: number;
}

/** A SKU the shop counts, in the shop's own spelling (whatever case the file used); or why not. */
export type SkuCheck = { ok: true; sku: string } | { ok: false; problem: string };

export type ImportResult = { ok: true; rows: ImportRow[] } | { ok: false; errors: string[] };

/** A count as staff type it: a whole number from 0; null when it is anything else. */
export function wholeCount(raw: string): number | null {
  const value = raw.trim();
  if (!/^\d{1,7}$/.test(value)) return null;
  const count = Number(value);
  return count <= STOCK_MAX ? count : null;
}

/** A cell as spreadsheets write it: spaces around, maybe in double quotes. */
function cell(raw: string): string {
  const value = raw.trim();
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).trim() : value;
}

const HEADER = /^\s*"?sku"?\s*[,;\t]\s*"?(on[_ ]?hand|quantity|qty)"?\s*$/i;

/**
 * Reads the lines; `checkSku` says whether a SKU is one the shop counts stock under (and why not).
 * Empty lines are skipped; the first line may be the header `sku,on_hand`.
 */
export function parseStockCsv(text: string, checkSku: (sku: string) => SkuCheck): ImportResult {
  if (text.length > IMPORT_MAX_CHARS) {
    return {
      ok: false,
      errors: [`The file is too long: at most ${IMPORT_MAX_CHARS.toLocaleString("en")} characters.`],
    };
  }
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const errors: string[] = [];
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "" || (line === 1 && HEADER.test(raw))) return;
    const cells = raw.split(/[,;\t]/);
    if (cells.length !== 2) {
      errors.push(`Line ${line}: write two values, the SKU and the number on hand, e.g. LIP-ROSEWOOD,12.`);
      return;
    }
    const typed = cell(cells[0]!);
    const count = cell(cells[1]!);
    if (typed === "") {
      errors.push(`Line ${line}: the SKU is missing.`);
      return;
    }
    const checked = checkSku(typed);
    if (!checked.ok) errors.push(`Line ${line}: ${checked.problem}`);
    const sku = checked.ok ? checked.sku : typed;
    const onHand = wholeCount(count);
    if (onHand === null) {
      errors.push(
        `Line ${line}: “${count}” is not a whole number of 0 or more${count.trim() === "" ? " (the number is missing)" : ""}.`,
      );
    }
    const first = seen.get(sku);
    if (first !== undefined) errors.push(`Line ${line}: ${sku} is already on line ${first}; give each SKU once.`);
    else seen.set(sku, line);
    if (checked.ok && onHand !== null && first === undefined) rows.push({ line, sku, onHand });
  });
  if (errors.length === 0 && rows.length === 0) errors.push("There are no lines to import.");
  if (rows.length > IMPORT_MAX_LINES) {
    errors.push(`At most ${IMPORT_MAX_LINES.toLocaleString("en")} SKUs at a time: split the file.`);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
