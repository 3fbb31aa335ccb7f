/**
 * A request form as pages show it: a card with a heading, a short line, and
 * the form island (it wakes when the visitor first touches it).
 */
import type { Context } from "hono";
import RequestForm, { type RequestFormProps } from "../../../client/islands/request-form";
import type { RequestKind } from "../../../shared/forms/requests";
import { islandTexts } from "../../../shared/i18n/translator";
import { maxUploadBytes } from "../../../shared/upload-limit";
import { textsOf, useTexts } from "../../frame/i18n/texts";
import { Island } from "../../frame/islands/island";
import type { AppEnv } from "../../platform/app-env";
import type { FormState } from "../../platform/forms/form-state";
import { uploadHint, uploadSize } from "../../platform/security/file-checks";

/** The form island's props. */
export async function requestFormProps(
  c: Context<AppEnv>,
  kind: RequestKind,
  state: FormState,
): Promise<RequestFormProps> {
  const t = textsOf(c);
  return {
    kind,
    values: state.values,
    errors: state.errors,
    alert: state.alert,
    sent: state.sent,
    attachmentHint: kind === "wholesale" ? uploadHint(c.env, t, true) : undefined,
    uploadSize: uploadSize(c.env, t),
    maxBytes: maxUploadBytes(c.env.UPLOAD_MAX_BYTES),
    ...islandTexts(t, "visitorForms"),
    fieldErrors: t.m.fieldErrors,
  };
}

/** The card of one kind of request: its title and a short line from the catalogue, and the form. */
export function RequestSection({ id, form }: { id: string; form: RequestFormProps }) {
  const texts = useTexts().m.visitorForms;
  return (
    <section className="request-card" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.titles[form.kind]}</h2>
      <p className="request-card__intro">{texts.intros[form.kind]}</p>
      <Island name="request-form" component={RequestForm} props={form} wake="interaction" />
    </section>
  );
}
