/**
 * The submit logic of the form islands, in one place: check the form with its
 * schema (the one the worker checks with) before anything is sent, show the
 * messages beside the fields, post with fetch, show the server's answer (its
 * messages per field, or one alert, or the thank-you), and say while it is busy.
 */
import { type FormEvent, useRef, useState } from "react";
import { checkForm, type FormAnswer, type FormErrors, type FormSchema } from "../../shared/forms/form-result";

/** What the hook says when a post with fetch gets no answer it can read, in the page's language. */
export interface SendTexts {
  unreachable: string;
  filesTooLarge: string;
  failed: string;
}

/** A form posted with fetch needs its words for a failed post; one the browser posts (checkout) does not. */
export type FormSubmitOptions = CommonOptions &
  ({ send: "browser"; texts?: undefined } | { send?: "fetch"; texts: SendTexts });

interface CommonOptions {
  /** The form's schema; null while there is no form (a closed dialog). */
  schema: FormSchema | null;
  /** What the schema cannot see from the text fields (file sizes and counts): more messages per field. */
  checkFiles?: (form: HTMLFormElement) => FormErrors;
  /** Where the cursor goes on a problem: the summary above the form, or the first wrong field (short dialogs). */
  focus?: "summary" | "field";
  /** The state the page was rendered with (after a plain post). */
  errors?: FormErrors;
  alert?: string | null;
  sent?: string | null;
}

export function useFormSubmit(options: FormSubmitOptions) {
  const [errors, setErrors] = useState<FormErrors>(options.errors ?? {});
  const [alert, setAlert] = useState<string | null>(options.alert ?? null);
  const [sent, setSent] = useState<string | null>(options.sent ?? null);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const thanks = useRef<HTMLDivElement>(null);

  function showProblems(form: HTMLFormElement, found: FormErrors, message: string | null) {
    setErrors(found);
    setAlert(message);
    requestAnimationFrame(() => {
      const field = options.focus === "field" && !message && form.querySelector<HTMLElement>("[aria-invalid='true']");
      (field || summary.current)?.focus();
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (busy || !options.schema) {
      event.preventDefault();
      return;
    }
    const checked = checkForm(options.schema, formValues(form));
    const found: FormErrors = { ...(checked.ok ? {} : checked.errors), ...options.checkFiles?.(form) };
    const problems = Object.keys(found).length > 0;
    if (!problems && options.send === "browser") return;
    event.preventDefault();
    if (problems) return showProblems(form, found, null);
    if (!options.texts) return;
    setBusy(true);
    const answer = await postForm(form, options.texts);
    setBusy(false);
    if (answer.ok) {
      setSent(answer.message);
      setErrors({});
      setAlert(null);
      requestAnimationFrame(() => thanks.current?.focus());
      return;
    }
    const fieldErrors = answer.errors ?? {};
    showProblems(form, fieldErrors, Object.keys(fieldErrors).length > 0 ? null : answer.message);
  }

  /** A field the visitor changes loses its old message at once. */
  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target;
    const name = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.name : "";
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  /** A fresh form: no messages, no thank-you. */
  function reset() {
    setErrors({});
    setAlert(null);
    setSent(null);
  }

  /** Spread on the <form>: the browser's own bubbles off (the schema's messages instead), the handlers, busy while posting. */
  const formProps = { noValidate: true, onSubmit, onChange, "aria-busy": busy || undefined };
  return { errors, alert, sent, busy, summary, thanks, formProps, reset };
}

/** The form's text values, for the shared schema. */
function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
  return values;
}

/** Posts a form as an island: fetch, JSON back (the browser's Origin header is the CSRF guard). Never throws. */
async function postForm(form: HTMLFormElement, texts: SendTexts): Promise<FormAnswer> {
  let response: Response;
  try {
    response = await fetch(form.action, {
      method: "POST",
      body: new FormData(form),
      headers: { Accept: "application/json" },
    });
  } catch {
    return { ok: false, message: texts.unreachable };
  }
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body: unknown = await response.json().catch(() => null);
    if (isAnswer(body)) return body;
  }
  const message = type.startsWith("text/plain") ? (await response.text()).slice(0, 300) : "";
  return {
    ok: false,
    message: message || (response.status === 413 ? texts.filesTooLarge : texts.failed),
  };
}

function isAnswer(body: unknown): body is FormAnswer {
  return typeof body === "object" && body !== null && "ok" in body && typeof body.ok === "boolean";
}
