import { routePath } from "../../../../shared/links";

/**
 * The import of a delivery on `/staff/products`: the CSV pasted or as a file, and every problem
 * its lines have, since with any mistake nothing is changed.
 */
export interface ImportState {
  errors?: string[];
  csv?: string;
  alert?: string;
}

export function ImportForm({ state }: { state: ImportState }) {
  const errors = state.errors ?? [];
  return (
    <form
      method="post"
      action={routePath("staff-products")}
      encType="multipart/form-data"
      className="staff-action staff-stock-import"
      noValidate
    >
      <h2 id="import">Import a delivery</h2>
      <p className="muted">
        One SKU and its number on hand a line, e.g. <code>LIP-ROSEWOOD,12</code>; a first line <code>sku,on_hand</code>{" "}
        is skipped. Every line is checked first: with any mistake nothing is changed.
      </p>
      {errors.length > 0 && (
        <div className="notice notice--error" role="alert" id="import-errors">
          <p>
            Nothing was imported: {errors.length === 1 ? "one line needs" : `${errors.length} problems need`} fixing.
          </p>
          <ul>
            {errors.slice(0, 50).map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
          {errors.length > 50 && <p>…and {errors.length - 50} more.</p>}
        </div>
      )}
      <div className={`field${errors.length > 0 ? " field--invalid" : ""}`}>
        <label htmlFor="import-csv">Lines (sku,on_hand)</label>
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
      <button type="submit" className="button">
        Import stock
      </button>
    </form>
  );
}
