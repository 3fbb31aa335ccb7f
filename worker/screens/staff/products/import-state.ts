/** What the import on `/staff/products` carries between its steps (decision 0107). */
export const IMPORT_MODES = {
  add: "A delivery: add these numbers to what is on hand",
  set: "Counts: set what is on hand to these numbers (after counting a shelf)",
} as const;
export type ImportMode = keyof typeof IMPORT_MODES;

/** One line of the preview: what is on hand now (null: not counted) and after the import. */
export interface PreviewLine {
  sku: string;
  name: string;
  before: number | null;
  /** The line's number: units received, or the count to set. */
  number: number;
  after: number;
}

export interface ImportState {
  errors?: string[];
  csv?: string;
  mode?: ImportMode;
  alert?: string;
  /** The checked lines, waiting for the confirm that carries them and this token. */
  preview?: { lines: PreviewLine[]; token: string };
}

/** Whether the page answers an import post: the section then comes first. */
export function importAnswered(state: ImportState): boolean {
  return Boolean(state.errors?.length || state.alert || state.preview);
}
