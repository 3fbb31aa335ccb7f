import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/** The state a visitor form is rendered with: what the visitor typed, the messages, the thank-you. */
export interface FormState {
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
  alert: string | null;
  sent: boolean;
}

export const EMPTY_FORM: FormState = { values: {}, errors: {}, alert: null, sent: false };

/** The form's state on a GET: the thank-you after a plain post redirected here with ?sent=kind. */
export function stateFromQuery(c: Context<AppEnv>, kind: string): FormState {
  return c.req.query("sent") === kind ? { ...EMPTY_FORM, sent: true } : EMPTY_FORM;
}
