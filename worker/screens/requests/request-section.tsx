/**
 * A request form as pages show it: a card with a heading, a short line, and
 * the form island (it wakes when the visitor first touches it).
 */
import type { Context } from "hono";
import RequestForm, { type RequestFormProps } from "../../../client/islands/request-form";
import type { RequestKind } from "../../../shared/forms/requests";
import { maxUploadBytes } from "../../../shared/upload-limit";
import { Island } from "../../frame/islands/island";
import type { AppEnv } from "../../platform/app-env";
import type { FormState } from "../../platform/forms/form-state";
import { uploadHint } from "../../platform/security/file-checks";

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
