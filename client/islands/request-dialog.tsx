/**
 * The call-back and consultation dialogs, opened by any link marked
 * data-modal="callback" or "consultation" (the header's and footer's buttons,
 * page links). Rendered on every page as an empty <dialog>; it wakes only when
 * a visitor reaches for one of those links, so a shopper who never does
 * downloads nothing. Without JavaScript the links go to the same forms on
 * /contacts.
 */
import { useEffect, useRef, useState } from "react";
import { requestSchemas } from "../../shared/forms/requests";
import type { IslandTexts, Section } from "../../shared/i18n/messages-type";
import { routePath } from "../../shared/links";
import { Icon } from "../components/icons";
import { ConsentLine, FormProblems, Honeypot, RequestFields, ThankYou } from "../components/request-form-parts";
import { useFormSubmit } from "../components/use-form-submit";

type DialogKind = "callback" | "consultation";

export interface RequestDialogProps extends IslandTexts<"visitorForms"> {
  /** The e-mail rule's words, which the request schemas are built with. */
  fieldErrors: Section<"fieldErrors">;
}

export const DIALOG_TRIGGERS = 'a[data-modal="callback"], a[data-modal="consultation"]';

export default function RequestDialog({ texts, fieldErrors }: RequestDialogProps) {
  const [kind, setKind] = useState<DialogKind | null>(null);
  // One object for the island's life, so the schemas are built once (perTexts).
  const [schemaTexts] = useState(() => ({ visitorForms: texts, fieldErrors }));
  // A dialog has two or three fields: the messages sit beside them, and the first one wrong gets the cursor.
  const { errors, alert, sent, busy, summary, thanks, formProps, reset } = useFormSubmit({
    schema: kind && requestSchemas(schemaTexts)[kind],
    focus: "field",
    texts,
  });
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const idPrefix = `dialog-${kind ?? "request"}`;

  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const trigger = (event.target as Element | null)?.closest?.<HTMLElement>(DIALOG_TRIGGERS);
      if (!trigger) return;
      event.preventDefault();
      opener.current = trigger;
      setKind(trigger.dataset.modal === "consultation" ? "consultation" : "callback");
      reset();
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  // Open once the chosen form is rendered, then put the cursor in its first field.
  useEffect(() => {
    const element = dialog.current;
    if (!kind || !element) return;
    if (!element.open) element.showModal();
    element.querySelector<HTMLInputElement>("input:not([type=hidden]):not([tabindex='-1'])")?.focus();
  }, [kind]);

  function close() {
    dialog.current?.close();
  }

  /** The dialog closed (button, Esc or backdrop): forget the form, give focus back to the link. */
  function onClose() {
    setKind(null);
    opener.current?.focus();
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a mouse convenience; Esc and the close button serve keyboards
    <dialog
      ref={dialog}
      className="request-dialog"
      aria-labelledby={kind ? `${idPrefix}-title` : undefined}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
    >
      {kind && (
        <div className="request-dialog__panel">
          <div className="request-dialog__head">
            <h2 id={`${idPrefix}-title`}>{texts.titles[kind]}</h2>
            <button type="button" className="icon-button" onClick={close}>
              <Icon name="close" />
              <span className="visually-hidden">{texts.close}</span>
            </button>
          </div>
          {sent ? (
            <ThankYou message={sent} focusRef={thanks}>
              <button type="button" className="button button--outlined" onClick={close}>
                {texts.close}
              </button>
            </ThankYou>
          ) : (
            <form method="post" action={routePath("requests-kind", { kind })} className="request-form" {...formProps}>
              <p className="request-dialog__intro">{texts.intros[kind]}</p>
              <FormProblems alert={alert} focusRef={summary} labels={texts.labels} />
              <RequestFields kind={kind} values={{}} errors={errors} idPrefix={idPrefix} texts={texts} />
              <Honeypot idPrefix={idPrefix} />
              <ConsentLine texts={texts} />
              <button type="submit" className="button button--block" disabled={busy}>
                {busy ? texts.sending : texts.submit[kind]}
              </button>
            </form>
          )}
        </div>
      )}
    </dialog>
  );
}
