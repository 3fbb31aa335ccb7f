import type { ComponentType } from "react";
import { serializeJsonLd } from "../head/json-ld";
import { useFirstSend, useTexts } from "../i18n/texts";
import { clientManifest } from "./client-manifest";

export type IslandWake = "load" | "visible" | "interaction";

interface IslandProps<P extends object> {
  /** The island's file name in client/islands/, which is also its chunk's name. */
  name: string;
  component: ComponentType<P>;
  props: P;
  /** When the browser loads and hydrates it. */
  wake: IslandWake;
  /**
   * With wake "interaction": a CSS selector for elements outside the island
   * (e.g. the header's "Request a call back" link) whose interaction wakes it
   * too; a click on one before the island is live is replayed once it is.
   */
  wakeOn?: string;
}

/**
 * Server-renders an island inside a marker the client runtime finds. Props must
 * be serialisable: they travel as JSON in an attribute (React escapes it). An island's
 * catalogue section (IslandTexts) travels apart, once per page in a JSON script the
 * runtime reads back (client/islands.ts): a grid of cards does not repeat it in each. The first
 * island of a page also sends the form fields' words (`formParts`), which the runtime gives every
 * island it hydrates (client/components/form-parts.ts).
 */
export function Island<P extends object>({ name, component: Component, props, wake, wakeOn }: IslandProps<P>) {
  const src = clientManifest.islands[name];
  if (!src) throw new Error(`Island "${name}" is not in the client build`);
  const { texts, ...rest } = props as P & { section?: string; texts?: unknown };
  const section = typeof rest.section === "string" ? rest.section : null;
  const sending = useFirstSend(section ?? "");
  const t = useTexts();
  const formParts = useFirstSend("formParts", true);
  return (
    <>
      {formParts.send && <TextsScript name="formParts" texts={t.m.formParts} nonce={formParts.nonce} />}
      {section && sending.send && <TextsScript name={section} texts={texts} nonce={sending.nonce} />}
      <div
        className="island"
        data-island={name}
        data-src={src}
        data-wake={wake}
        data-wake-on={wakeOn}
        data-props={JSON.stringify(section ? rest : props)}
      >
        <Component {...props} />
      </div>
    </>
  );
}

/** One catalogue section as the page's data, for the islands that show it. */
function TextsScript({ name, texts, nonce }: { name: string; texts: unknown; nonce: string | undefined }) {
  return (
    <script
      type="application/json"
      nonce={nonce}
      data-texts={name}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the catalogue's JSON with < > & escaped, in a non-executed script type
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(texts) }}
    />
  );
}
