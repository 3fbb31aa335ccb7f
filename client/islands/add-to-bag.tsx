/**
 * Add to bag without leaving the page: the header counter moves at once, the
 * server confirms (or refuses, and the counter goes back with the reason).
 * Without JavaScript the same form posts and the page reloads with a message.
 */
import { type FormEvent, useId, useRef, useState } from "react";
import { checkQuantity, QUANTITY_MAX, type QuantityTexts } from "../../shared/cart-rules";
import { type CounterTexts, counterLabel } from "../../shared/header-counter";
import { fill } from "../../shared/i18n/format";
import type { IslandTexts } from "../../shared/i18n/messages-type";
import { routePath } from "../../shared/links";

export interface AddToBagProps extends IslandTexts<"product"> {
  slug: string;
  /** The shade or size to add (its SKU); without it the shop adds the product's default. */
  variant?: string | null;
  /** What the shopper adds, as the bag names it ("Matte Liquid Lipstick — Rosewood"). */
  name: string;
  /** Label of the button when the product can be bought ("Add to bag", "Pre-order"). */
  label: string;
  /** Set when it can't be bought: the button is disabled with this text. */
  unavailable: string | null;
  /** Show a quantity field (product page, quick view). */
  withQuantity?: boolean;
  /** The quantity rule's messages (the catalogue's `bagActions.quantity`), given with `withQuantity`. */
  quantityTexts?: QuantityTexts;
  compact?: boolean;
}

function bagCounter(): { read(): number; write(n: number): void } {
  const counter = document.querySelector<HTMLElement>("[data-counter='bag']");
  const label = document.querySelector<HTMLElement>("[data-counter-label='bag']");
  return {
    read: () => Number(counter?.textContent ?? 0) || 0,
    write(n: number) {
      if (counter) {
        counter.textContent = n > 0 ? String(n) : "";
      }
      const texts = label?.dataset.counterTexts;
      if (label && texts) label.textContent = counterLabel(JSON.parse(texts) as CounterTexts, n);
    },
  };
}

/** A quantity not checked here: what was typed, so the server's answer says what is wrong with it. */
function asTyped(typed: FormDataEntryValue): { ok: true; value: number } {
  const value = Number(typed);
  return { ok: true, value: Number.isInteger(value) && value > 0 ? value : 0 };
}

export default function AddToBag({
  slug,
  variant,
  name,
  label,
  unavailable,
  withQuantity,
  quantityTexts,
  compact,
  locale,
  texts,
}: AddToBagProps) {
  const [state, setState] = useState<{ kind: "idle" | "busy" | "done" | "error"; message: string }>({
    kind: "idle",
    message: "",
  });
  const id = useId();
  // One token per add the shopper means: sent again with a retry after a failure (the server adds once
  // per token), a new one after a success.
  const token = useRef<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A second press while the first is on its way is ignored (the button stays enabled: a disabled
    // button would drop the keyboard's focus to the page's start).
    if (state.kind === "busy") return;
    // Read from the form, not from state: the shopper may have typed before the island woke.
    const typed = new FormData(event.currentTarget).get("quantity") ?? "1";
    // The form's own action: the page's language is in its path (/ar/cart/add), so the answer is too.
    const action = event.currentTarget.action;
    // Checked here when the page gave the rule's words (a quantity field); the server checks every
    // quantity again and answers a bad one in the page's language, which is shown the same way.
    const checked = quantityTexts ? checkQuantity(typed, quantityTexts, locale) : asTyped(typed);
    if (!checked.ok) {
      setState({ kind: "error", message: checked.message });
      return;
    }
    const counter = bagCounter();
    const before = counter.read();
    counter.write(Math.min(before + checked.value, before + QUANTITY_MAX));
    setState({ kind: "busy", message: "" });
    token.current ??= crypto.randomUUID();
    try {
      const response = await fetch(action, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({
          slug,
          ...(variant ? { variant } : {}),
          quantity: quantityTexts ? String(checked.value) : String(typed),
          token: token.current,
        }),
      });
      const body = (await response.json().catch(() => null)) as {
        ok?: boolean;
        message?: string;
        count?: number;
      } | null;
      if (!response.ok || !body?.ok) throw new Error(body?.message ?? texts.addFailed);
      token.current = null;
      counter.write(body.count ?? counter.read());
      setState({ kind: "done", message: body.message ?? fill(locale, texts.added, { name }) });
    } catch (error) {
      counter.write(before);
      setState({ kind: "error", message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <form method="post" action={routePath("cart-add")} className="add-to-bag" onSubmit={submit}>
      <input type="hidden" name="slug" value={slug} />
      {variant && <input type="hidden" name="variant" value={variant} />}
      {withQuantity ? (
        <div className="add-to-bag__quantity">
          <label htmlFor={`${id}-qty`}>{texts.quantity}</label>
          <input
            id={`${id}-qty`}
            name="quantity"
            type="number"
            min={1}
            max={QUANTITY_MAX}
            inputMode="numeric"
            defaultValue="1"
            disabled={unavailable !== null}
            aria-describedby={state.kind === "error" ? `${id}-status` : undefined}
          />
        </div>
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <button
        type="submit"
        className={`button ${compact ? "button--small" : ""} button--block`}
        disabled={unavailable !== null}
        aria-disabled={state.kind === "busy" || undefined}
      >
        {unavailable ?? label}
        <span className="visually-hidden">: {name}</span>
      </button>
      <p id={`${id}-status`} className={`add-to-bag__status add-to-bag__status--${state.kind}`} role="status">
        {state.message}
        {state.kind === "done" && (
          <>
            {" "}
            <a href={routePath("cart")}>{texts.viewBag}</a>
          </>
        )}
      </p>
    </form>
  );
}
