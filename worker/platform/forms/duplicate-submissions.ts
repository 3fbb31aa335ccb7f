/* Visitor forms and shop reviews store each submission once: the same words within a few minutes are one. */

/** How long the same words count as "the same request" (seconds). */
export const DUPLICATE_WINDOW_SECONDS = 10 * 60;

/** The SQLite modifier for "the last few minutes" in strftime('...', 'now', ?). */
export const DUPLICATE_WINDOW_MODIFIER = `-${DUPLICATE_WINDOW_SECONDS} seconds`;

/** A D1 error from the UNIQUE dedupe_key index: the same submission was stored a moment ago. */
export function isDuplicateError(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: [a-z_]+\.dedupe_key/.test(error.message);
}
