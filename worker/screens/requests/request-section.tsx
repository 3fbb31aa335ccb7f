/**
 * A request form as pages show it: a card with a heading, a short line, and
 * the form island (it wakes when the visitor first touches it). Also the state
 * a form is rendered with: what the visitor typed, the messages, the thank-you.
 */
import type { Context } from "hono";
import RequestForm, { type RequestFormProps } from "../../../client/islands/request-form";
import type { RequestKind } from "../../../shared/request-forms";
import { maxUploadBytes } from "../../../shared/upload-limit";
import type { AppEnv } from "../../platform/app-env";
import { Island } from "../../platform/render/island";
import { uploadHint } from "../../platform/security/file-checks";

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

const SUBMIT_LABELS: Record<RequestKind, string> = {
  callback: "Call me back",
  consultation: "Send my question",
  wholesale: "Send wholesale enquiry",
  partnership: "Send proposal",
};

/** The form island's props. */
export async function requestFormProps(
  c: Context<AppEnv>,
  kind: RequestKind,
  state: FormState,
): Promise<RequestFormProps> {
  return {
    kind,
    values: state.values,
    errors: state.errors,
    alert: state.alert,
    sent: state.sent,
    attachmentHint: kind === "wholesale" ? uploadHint(c.env, true) : undefined,
    maxBytes: maxUploadBytes(c.env.UPLOAD_MAX_BYTES),
    submitLabel: SUBMIT_LABELS[kind],
  };
}

export function RequestSection({
  id,
  title,
  intro,
  form,
}: {
  id: string;
  title: string;
  intro: string;
  form: RequestFormProps;
}) {
  return (
    <section className="request-card" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="request-card__intro">{intro}</p>
      <Island name="request-form" component={RequestForm} props={form} wake="interaction" />
    </section>
  );
}
