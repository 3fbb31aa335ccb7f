/**
 * A request form on a page (call back and consultation on /contacts, wholesale,
 * partnership). Server-rendered as a plain form that posts and redirects; once
 * the visitor touches it, it checks itself with the shared schema, sends with
 * fetch and shows the server's messages beside the fields without a reload.
 */
import { type FormEvent, useRef, useState } from "react";
import { checkForm } from "../../shared/forms/form-result";
import { REQUEST_SCHEMAS, REQUEST_THANKS, type RequestKind } from "../../shared/forms/requests";
import { REQUEST_LABELS } from "../../shared/forms/visitor-fields";
import { ErrorSummary } from "../components/fields";
import {
  ConsentLine,
  type Errors,
  formValues,
  Honeypot,
  oversizedFile,
  postForm,
  RequestFields,
  ThankYou,
  type Values,
} from "../components/request-form-parts";

export interface RequestFormProps {
  kind: RequestKind;
  values: Values;
  errors: Errors;
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
  const [errors, setErrors] = useState<Errors>(props.errors);
  const [alert, setAlert] = useState<string | null>(props.alert);
  const [sent, setSent] = useState(props.sent);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const thanks = useRef<HTMLDivElement>(null);
  const idPrefix = `${kind}-form`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const checked = checkForm(REQUEST_SCHEMAS[kind], formValues(form));
    const found: Errors = checked.ok ? {} : { ...checked.errors };
    const tooLarge = attachmentHint
      ? oversizedFile(form, "attachment", maxBytes, attachmentHint.replace(/^.* up to /, ""))
      : null;
    if (tooLarge) found.attachment = tooLarge;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setAlert(null);
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    setBusy(true);
    const answer = await postForm(form);
    setBusy(false);
    if (answer.ok) {
      setSent(true);
      setErrors({});
      setAlert(null);
      requestAnimationFrame(() => thanks.current?.focus());
      return;
    }
    setErrors(answer.errors ?? {});
    setAlert(answer.errors && Object.keys(answer.errors).length > 0 ? null : answer.message);
    requestAnimationFrame(() => summary.current?.focus());
  }

  /** A field the visitor changes loses its old message at once. */
  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  if (sent) {
    return (
      <ThankYou message={REQUEST_THANKS[kind]} focusRef={thanks}>
        <button type="button" className="link-button" onClick={() => setSent(false)}>
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
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      aria-busy={busy || undefined}
    >
      {alert && (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={summary}>
          {alert}
        </div>
      )}
      {!alert && <ErrorSummary errors={errors} labels={REQUEST_LABELS} focusRef={summary} idPrefix={idPrefix} />}
      <RequestFields kind={kind} values={values} errors={errors} idPrefix={idPrefix} attachmentHint={attachmentHint} />
      <Honeypot idPrefix={idPrefix} />
      <ConsentLine />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending…" : submitLabel}
      </button>
    </form>
  );
}
