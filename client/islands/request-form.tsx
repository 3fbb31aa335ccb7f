/**
 * A request form on a page (call back and consultation on /contacts, wholesale,
 * partnership). Server-rendered as a plain form that posts and redirects; once
 * the visitor touches it, it checks itself with the shared schema, sends with
 * fetch and shows the server's messages beside the fields without a reload.
 */
import type { FormErrors } from "../../shared/forms/form-result";
import { REQUEST_SCHEMAS, REQUEST_THANKS, type RequestKind } from "../../shared/forms/requests";
import {
  ConsentLine,
  FormProblems,
  Honeypot,
  oversizedFile,
  RequestFields,
  ThankYou,
  type Values,
} from "../components/request-form-parts";
import { useFormSubmit } from "../components/use-form-submit";

export interface RequestFormProps {
  kind: RequestKind;
  values: Values;
  errors: FormErrors;
  /** A problem with the whole form (too many requests, session expired). */
  alert: string | null;
  /** The form was sent (the page after the redirect): show the thank-you. */
  sent: boolean;
  /** Wholesale: the file hint ("PNG, JPG, GIF up to 5MB, or a PDF") and the limit in bytes. */
  attachmentHint?: string;
  maxBytes: number;
  submitLabel: string;
}

export default function RequestForm(props: RequestFormProps) {
  const { kind, values, attachmentHint, maxBytes, submitLabel } = props;
  const { errors, alert, sent, busy, summary, thanks, formProps, reset } = useFormSubmit({
    schema: REQUEST_SCHEMAS[kind],
    checkFiles: (form) => {
      const tooLarge = attachmentHint
        ? oversizedFile(form, "attachment", maxBytes, attachmentHint.replace(/^.* up to /, ""))
        : null;
      return tooLarge ? { attachment: tooLarge } : {};
    },
    errors: props.errors,
    alert: props.alert,
    sent: props.sent ? REQUEST_THANKS[kind] : null,
  });
  const idPrefix = `${kind}-form`;

  if (sent) {
    return (
      <ThankYou message={sent} focusRef={thanks}>
        <button type="button" className="link-button" onClick={reset}>
          Send another request
        </button>
      </ThankYou>
    );
  }

  return (
    <form
      method="post"
      action={`/requests/${kind}`}
      encType={kind === "wholesale" ? "multipart/form-data" : undefined}
      className="request-form"
      {...formProps}
    >
      <FormProblems alert={alert} errors={errors} focusRef={summary} idPrefix={idPrefix} />
      <RequestFields kind={kind} values={values} errors={errors} idPrefix={idPrefix} attachmentHint={attachmentHint} />
      <Honeypot idPrefix={idPrefix} />
      <ConsentLine />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending…" : submitLabel}
      </button>
    </form>
  );
}
