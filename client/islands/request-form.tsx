/**
 * A request form on a page (call back and consultation on /contacts, wholesale,
 * partnership). Server-rendered as a plain form that posts and redirects; once
 * the visitor touches it, it checks itself with the shared schema, sends with
 * fetch and shows the server's messages beside the fields without a reload.
 */
import { useState } from "react";
import type { FormErrors } from "../../shared/forms/form-result";
import { type RequestKind, requestSchemas } from "../../shared/forms/requests";
import type { IslandTexts, Section } from "../../shared/i18n/messages-type";
import { routePath } from "../../shared/links";
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

export interface RequestFormProps extends IslandTexts<"visitorForms"> {
  kind: RequestKind;
  values: Values;
  errors: FormErrors;
  /** A problem with the whole form (too many requests, session expired). */
  alert: string | null;
  /** The form was sent (the page after the redirect): show the thank-you. */
  sent: boolean;
  /** Wholesale: the file hint ("PNG, JPG, GIF up to 5MB, or a PDF"), and the limit as it writes it ("5MB"). */
  attachmentHint?: string;
  uploadSize: string;
  maxBytes: number;
  /** The e-mail rule's words (the wholesale and partnership forms ask for an address). */
  fieldErrors: Section<"fieldErrors">;
}

export default function RequestForm(props: RequestFormProps) {
  const { kind, values, attachmentHint, uploadSize, maxBytes, locale, texts, fieldErrors } = props;
  // One object for the island's life, so the schemas are built once (perTexts).
  const [schemaTexts] = useState(() => ({ visitorForms: texts, fieldErrors }));
  const { errors, alert, sent, busy, summary, thanks, formProps, reset } = useFormSubmit({
    schema: requestSchemas(schemaTexts)[kind],
    checkFiles: (form) => {
      const tooLarge = attachmentHint
        ? oversizedFile(form, "attachment", { maxBytes, size: uploadSize, locale, texts })
        : null;
      return tooLarge ? { attachment: tooLarge } : {};
    },
    texts,
    errors: props.errors,
    alert: props.alert,
    sent: props.sent ? texts.thanks[kind] : null,
  });
  const idPrefix = `${kind}-form`;

  if (sent) {
    return (
      <ThankYou message={sent} focusRef={thanks}>
        <button type="button" className="link-button" onClick={reset}>
          {texts.sendAnother}
        </button>
      </ThankYou>
    );
  }

  return (
    <form
      method="post"
      action={routePath("requests-kind", { kind })}
      encType={kind === "wholesale" ? "multipart/form-data" : undefined}
      className="request-form"
      {...formProps}
    >
      <FormProblems alert={alert} errors={errors} focusRef={summary} idPrefix={idPrefix} labels={texts.labels} />
      <RequestFields
        kind={kind}
        values={values}
        errors={errors}
        idPrefix={idPrefix}
        attachmentHint={attachmentHint}
        texts={texts}
      />
      <Honeypot idPrefix={idPrefix} />
      <ConsentLine texts={texts} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? texts.sending : texts.submit[kind]}
      </button>
    </form>
  );
}
