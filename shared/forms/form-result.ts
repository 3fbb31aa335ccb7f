/**
 * The one way a form is checked, in the worker (the authority) and in the
 * islands (the same messages before anything is sent): a valibot schema per
 * form, run by `checkForm`, which answers with the cleaned values or the first
 * message for each field that is wrong.
 */
import * as v from "valibot";

/** A form's schema: an object of fields, optionally piped through checks that span fields (forwarded to one). */
export type FormSchema = v.GenericSchema & { readonly entries: v.ObjectEntries };

/** The names of a form's fields. */
export type FieldOf<S extends FormSchema> = keyof S["entries"] & string;

/** One message per field, shown beside it. */
export type FormErrors<F extends string = string> = Partial<Record<F, string>>;

export type FormResult<T, F extends string> = { ok: true; value: T } | { ok: false; errors: FormErrors<F> };

/** What a schema's `checkForm` answers. */
export type FormCheck<S extends FormSchema> = FormResult<v.InferOutput<S>, FieldOf<S>>;

function isField<S extends FormSchema>(schema: S, key: string): key is FieldOf<S> {
  return Object.hasOwn(schema.entries, key);
}

/**
 * Runs a form's schema on what was posted. Every check runs (a field's later
 * checks as well as the checks across fields), and each field keeps its first
 * message; the errors come in the order of the form's fields.
 */
export function checkForm<S extends FormSchema>(schema: S, input: unknown): FormCheck<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const fields = Object.keys(schema.entries).filter((key) => isField(schema, key));
  return { ok: false, errors: firstMessages(fields, result.issues) };
}

function firstMessages<F extends string>(fields: readonly F[], issues: readonly v.BaseIssue<unknown>[]): FormErrors<F> {
  const fieldOf = (issue: v.BaseIssue<unknown>) => issue.path?.[0]?.key;
  // A check that is not forwarded to a field has nowhere to show: a mistake in the schema, not in the input.
  const stray = issues.find((issue) => !fields.some((field) => field === fieldOf(issue)));
  if (stray) throw new Error(`A form check without a field: ${stray.message}`);
  const errors: FormErrors<F> = {};
  for (const field of fields) {
    const issue = issues.find((candidate) => fieldOf(candidate) === field);
    if (issue) errors[field] = issue.message;
  }
  return errors;
}

/** The server's answer to an island that posted a form (JSON). */
export type FormAnswer = { ok: true; message: string } | { ok: false; message: string; errors?: FormErrors };
