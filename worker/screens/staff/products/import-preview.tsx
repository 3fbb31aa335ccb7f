import { routePath } from "../../../../shared/links";
import { StaffTableFrame } from "../desk/staff-list";
import type { ImportMode, PreviewLine } from "./import-state";

/**
 * The import's second step: every line before → after (compact: the SKU with its product under it, then
 * the three numbers, so a phone shows them without scrolling), and a confirm form carrying the same lines,
 * what they are, and the import token that makes a second post of it write nothing (migrations/0118).
 */
export function ImportPreview({
  mode,
  preview,
  csv,
}: {
  mode: ImportMode;
  preview: { lines: PreviewLine[]; token: string };
  csv: string;
}) {
  const { lines } = preview;
  const units = lines.reduce((sum, line) => sum + line.number, 0);
  const what =
    mode === "add"
      ? `Adds ${units} unit${units === 1 ? "" : "s"} to ${lines.length} SKU${lines.length === 1 ? "" : "s"}`
      : `Sets the count of ${lines.length} SKU${lines.length === 1 ? "" : "s"}`;
  return (
    // biome-ignore lint/a11y/noAutofocus: the answer to the post is this preview; the desk works without scripts
    <div className="staff-import-preview" id="import-preview" tabIndex={-1} autoFocus>
      <h3>Check before it is written</h3>
      <p role="status">{what}. Nothing is written until you confirm.</p>
      <StaffTableFrame label="Stock before and after">
        <table className="staff-table staff-table--import">
          <caption>Stock before and after this import</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col" className="staff-table__num">
                On hand now
              </th>
              <th scope="col" className="staff-table__num">
                {mode === "add" ? "Received" : "Set to"}
              </th>
              <th scope="col" className="staff-table__num">
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.sku}>
                <th scope="row">
                  <code>{line.sku}</code>
                  <span className="staff-table__sub">{line.name}</span>
                </th>
                <td className="staff-table__num">{line.before === null ? "Not counted" : line.before}</td>
                <td className="staff-table__num">{mode === "add" ? `+${line.number}` : line.number}</td>
                <td className="staff-table__num">{line.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </StaffTableFrame>
      <form method="post" action={routePath("staff-products")}>
        <input type="hidden" name="step" value="confirm" />
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="token" value={preview.token} />
        <input type="hidden" name="csv" value={csv} />
        <button type="submit" className="button">
          {mode === "add" ? "Confirm: add this delivery" : "Confirm: set these counts"}
        </button>
      </form>
    </div>
  );
}
