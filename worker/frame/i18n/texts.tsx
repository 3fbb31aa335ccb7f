import type { Context } from "hono";
import { createContext, Fragment, type ReactNode, useContext, useState } from "react";
import { FormParts } from "../../../client/components/form-parts";
import type { Placeholders } from "../../../shared/i18n/messages-type";
import { otherLanguage, type TextLanguage } from "../../../shared/i18n/text-language";
import { type Translator, translator } from "../../../shared/i18n/translator";
import type { AppEnv } from "../../platform/app-env";

/**
 * The request's locale reaches the frame's and the screens' components through React
 * context (renderPage provides it from `c.get("locale")`), so a product card deep in a grid
 * needs no locale prop threaded through every parent. Islands do not read it: their texts
 * travel in their props (islandTexts), since the browser has no provider above them.
 */
const TextsContext = createContext<Translator>(translator("en"));

/**
 * The catalogue sections a page has already sent its islands (island.tsx sends each once), and the
 * page's CSP nonce, which every inline script of a page carries, data blocks included.
 */
const SentSections = createContext<{ sent: Set<string>; nonce: string } | null>(null);

export function TextsProvider({ t, nonce, children }: { t: Translator; nonce: string; children: ReactNode }) {
  const [sent] = useState(() => ({ sent: new Set<string>(), nonce }));
  const [formParts] = useState(() => ({ locale: t.locale, texts: t.m.formParts }));
  return (
    <TextsContext.Provider value={t}>
      <SentSections.Provider value={sent}>
        <FormParts.Provider value={formParts}>{children}</FormParts.Provider>
      </SentSections.Provider>
    </TextsContext.Provider>
  );
}

/**
 * Whether this render still has to send a section's texts (once per page for each; always outside a
 * page, e.g. a fragment rendered alone, unless `pageOnly`: a page-wide section the page it is put
 * into already has), with the nonce its script carries.
 */
export function useFirstSend(section: string, pageOnly = false): { send: boolean; nonce: string | undefined } {
  const page = useContext(SentSections);
  if (!page) return { send: !pageOnly, nonce: undefined };
  if (page.sent.has(section)) return { send: false, nonce: page.nonce };
  page.sent.add(section);
  return { send: true, nonce: page.nonce };
}

/** The texts of the page being rendered. */
export function useTexts(): Translator {
  return useContext(TextsContext);
}

/**
 * `lang` and `dir` for an element showing CMS text that is not in the page's language (a fallback
 * to English on an Arabic page, a brand name): spread on it, `<h1 {...useOtherLanguage(name)}>`.
 */
export function useOtherLanguage(
  text: string | null | undefined,
  entryLocale?: string | null,
): TextLanguage | undefined {
  return otherLanguage(useTexts().locale, text, entryLocale);
}

/** The texts of the request's locale, for handlers (page titles, messages) and renders outside a page. */
export function textsOf(c: Context<AppEnv>): Translator {
  return translator(c.get("locale") ?? "en");
}

/**
 * A text with elements in it, each where the language puts its placeholder:
 * `<Rich text={t.m.search.didYouMean} parts={{ link: <a href=…>{corrected}</a>, q }} />`.
 * Each piece is its own text node, as the same sentence written in JSX would be.
 */
export function Rich<S extends string>({ text, parts }: { text: S; parts: Record<Placeholders<S>, ReactNode> }) {
  const pieces = text.split(/\{(\w+)\}/);
  const values = parts as Record<string, ReactNode>;
  return (
    <>
      {pieces.map((piece, i) =>
        i % 2 === 1 ? <Fragment key={i}>{values[piece]}</Fragment> : piece === "" ? null : piece,
      )}
    </>
  );
}
