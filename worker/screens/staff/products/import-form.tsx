import { routePath } from "../../../../shared/links";
import { ImportPreview } from "./import-preview";
import type { ImportState } from "./import-state";
import { IMPORT_MODES } from "./import-state";

/**
 * The import on `/staff/products` (decision 0107): the CSV pasted or as a file, what its numbers are (a
 * delivery added to what is on hand, or counts that replace it), then a preview of every line before →
 * after with a confirm. After a post the section stands at the top of the page, its summary (the
 * problems, or the preview) first and focused, so a phone shows it where the form is.
 */
function Problems({ errors, alert }: { errors: string[]; alert?: string }) {
  if (errors.length === 0 && !alert) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: a failed import's summary takes focus where the form is; no script needed
    <div className="notice notice--error" role="alert" id="import-errors" tabIndex={-1} autoFocus>
      <p>
        {alert ??
          `Nothing was imported: ${errors.length === 1 ? "one line needs" : `${errors.length} problems need`} fixing.`}
      </p>
      {errors.length > 0 && (
        <ul>
          {errors.slice(0, 50).map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {errors.length > 50 && <p>…and {errors.length - 50} more.</p>}
    </div>
  );
}

export function ImportForm({ state }: { state: ImportState }) {
  const errors = state.errors ?? [];
  const mode = state.mode ?? "add";
  return (
    <section className="staff-action staff-stock-import" aria-labelledby="import">
      <h2 id="import">Import a delivery or counts</h2>
      <Problems errors={errors} alert={state.alert} />
      {state.preview && state.mode && <ImportPreview mode={state.mode} preview={state.preview} csv={state.csv ?? ""} />}
      <form method="post" action={routePath("staff-products")} encType="multipart/form-data" noValidate>
        <p className="muted">
          One SKU and a number a line, e.g. <code>LIP-ROSEWOOD,12</code>; a first line <code>sku,quantity</code> or{" "}
          <code>sku,on_hand</code> is skipped. Every line is checked first and shown before and after; nothing is
          written until you confirm.
        </p>
        <fieldset className="field">
          <legend>What the numbers are</legend>
          {Object.entries(IMPORT_MODES).map(([value, label]) => (
            <label key={value} className="choice">
              <input type="radio" name="mode" value={value} defaultChecked={value === mode} /> {label}
            </label>
          ))}
        </fieldset>
        <div className={`field${errors.length > 0 ? " field--invalid" : ""}`}>
          <label htmlFor="import-csv">Lines (sku,number)</label>
          <textarea
            id="import-csv"
            name="csv"
            rows={6}
            spellCheck={false}
            aria-describedby={errors.length > 0 ? "import-errors" : undefined}
            aria-invalid={errors.length > 0 ? true : undefined}
            defaultValue={state.csv ?? ""}
          />
        </div>
        <div className="field">
          <label htmlFor="import-file">Or a CSV file</label>
          <input id="import-file" name="file" type="file" accept=".csv,text/csv,text/plain" />
        </div>
        <button type="submit" className={state.preview ? "button button--outlined" : "button"}>
          {state.preview ? "Preview again" : "Preview the import"}
        </button>
      </form>
    </section>
  );
}
