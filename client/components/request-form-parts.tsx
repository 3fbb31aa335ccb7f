/**
 * Pieces every visitor form shares: the fields of each request kind, the
 * consent line, the honeypot, the thank-you, and the pre-check of file sizes
 * (posting is use-form-submit.ts).
 */
import { type RefObject, useContext } from "react";
import type { FormErrors } from "../../shared/forms/form-result";
import { MESSAGE_MAX, QUESTION_MAX, type RequestKind } from "../../shared/forms/requests";
import { HONEYPOT_FIELD } from "../../shared/forms/visitor-fields";
import { fill } from "../../shared/i18n/format";
import type { TextLocale } from "../../shared/i18n/locales";
import type { Section } from "../../shared/i18n/messages-type";
import { routePath } from "../../shared/links";
import { ErrorSummary, Field } from "./fields";
import { FormParts } from "./form-parts";

/** The visitor forms' texts, as each of their islands is given them. */
export type VisitorFormTexts = Section<"visitorForms">;

export type Values = Partial<Record<string, string>>;

/** "By leaving a request, you agree to the privacy policy", the policy's name linking to it (spec section 5). */
export function ConsentLine({ texts }: { texts: VisitorFormTexts }) {
  const [lead, rest = ""] = texts.consent.split("{privacyPolicy}");
  return (
    <p className="consent-line">
      {lead}
      <a href={routePath("privacy-policy")}>{texts.privacyPolicy}</a>
      {rest}
    </p>
  );
}

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden
 * from assistive technology); a bot that fills every input fills it too.
 */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  const parts = useContext(FormParts);
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>{parts?.texts.leaveEmpty}</label>
      <input id={`${idPrefix}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/**
 * Above a visitor form: one alert for the whole form (too many requests, no connection), or
 * the summary of its fields' messages (left out where the messages sit close to their fields).
 */
export function FormProblems({
  alert,
  errors,
  focusRef,
  idPrefix,
  labels,
}: {
  alert: string | null;
  errors?: FormErrors;
  focusRef: RefObject<HTMLDivElement | null>;
  idPrefix?: string;
  /** The fields' names, as the summary links to them. */
  labels: Record<string, string>;
}) {
  if (alert) {
    return (
      <div className="notice notice--error" role="alert" tabIndex={-1} ref={focusRef}>
        {alert}
      </div>
    );
  }
  return errors ? <ErrorSummary errors={errors} labels={labels} focusRef={focusRef} idPrefix={idPrefix} /> : null;
}

/** The thank-you that replaces a sent form; focused so screen readers announce it. */
export function ThankYou({
  message,
  focusRef,
  children,
}: {
  message: string;
  focusRef?: RefObject<HTMLDivElement | null>;
  children?: React.ReactNode;
}) {
  return (
    <div className="form-thanks" role="status" tabIndex={-1} ref={focusRef}>
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="m7.5 12.5 3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <p>{message}</p>
      {children}
    </div>
  );
}

interface RequestFieldsProps {
  kind: RequestKind;
  values: Values;
  errors: FormErrors;
  idPrefix: string;
  /** The file field's hint (wholesale only). */
  attachmentHint?: string;
  texts: VisitorFormTexts;
}

/** The visible fields of one request kind, in the order a person fills them. */
export function RequestFields({ kind, values, errors, idPrefix, attachmentHint, texts }: RequestFieldsProps) {
  const LABELS = texts.labels;
  const business = kind === "wholesale" || kind === "partnership";
  const common = { idPrefix };
  return (
    <>
      {business && (
        <Field {...common} name="company" label={LABELS.company} error={errors.company} required={kind === "wholesale"}>
          {(p) => (
            <input {...p} type="text" autoComplete="organization" defaultValue={values.company} maxLength={160} />
          )}
        </Field>
      )}
      <div className={business ? "field-row" : undefined}>
        <Field {...common} name="name" label={LABELS.name} error={errors.name} required>
          {(p) => <input {...p} type="text" autoComplete="name" defaultValue={values.name} maxLength={120} />}
        </Field>
        {business && (
          <Field {...common} name="email" label={LABELS.email} error={errors.email} required>
            {(p) => <input {...p} type="email" autoComplete="email" defaultValue={values.email} maxLength={200} />}
          </Field>
        )}
      </div>
      <Field {...common} name="phone" label={LABELS.phone} error={errors.phone} required hint={texts.phoneHint}>
        {(p) => <input {...p} type="tel" autoComplete="tel" defaultValue={values.phone} maxLength={40} />}
      </Field>
      {kind === "consultation" && (
        <Field {...common} name="question" label={LABELS.question} error={errors.question} required>
          {(p) => <textarea {...p} rows={4} defaultValue={values.question} maxLength={QUESTION_MAX + 200} />}
        </Field>
      )}
      {business && (
        <Field
          {...common}
          name="message"
          label={LABELS.message}
          error={errors.message}
          required
          hint={kind === "wholesale" ? texts.wholesaleHint : undefined}
        >
          {(p) => <textarea {...p} rows={5} defaultValue={values.message} maxLength={MESSAGE_MAX + 200} />}
        </Field>
      )}
      {kind === "wholesale" && (
        <Field {...common} name="attachment" label={LABELS.attachment} error={errors.attachment} hint={attachmentHint}>
          {(p) => <input {...p} type="file" accept="image/png,image/jpeg,image/gif,application/pdf,.pdf" />}
        </Field>
      )}
    </>
  );
}

/** Files over the limit, found before anything is sent (the server checks again, by content). */
export function oversizedFile(form: HTMLFormElement, name: string, limit: UploadLimit): string | null {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement) || !input.files) return null;
  for (const file of input.files) {
    if (file.size > limit.maxBytes)
      return fill(limit.locale, limit.texts.fileTooLarge, { file: file.name, limit: limit.size });
  }
  return null;
}

/** A form's upload limit: in bytes, as its hint writes it ("5MB"), and the words to say a file is over it. */
export interface UploadLimit {
  maxBytes: number;
  size: string;
  locale: TextLocale;
  texts: VisitorFormTexts;
}
