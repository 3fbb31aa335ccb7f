import type { Context } from "hono";
import { createContext, type ReactNode, useContext } from "react";
import { type Translator, translator } from "../../../shared/i18n/translator";
import type { AppEnv } from "../../platform/app-env";

/**
 * The request's locale reaches the frame's and the screens' components through React
 * context (renderPage provides it from `c.get("locale")`), so a product card deep in a grid
 * needs no locale prop threaded through every parent. Islands do not read it: their texts
 * travel in their props (islandTexts), since the browser has no provider above them.
 */
const TextsContext = createContext<Translator>(translator("en"));

export function TextsProvider({ t, children }: { t: Translator; children: ReactNode }) {
  return <TextsContext.Provider value={t}>{children}</TextsContext.Provider>;
}

/** The texts of the page being rendered. */
export function useTexts(): Translator {
  return useContext(TextsContext);
}

/** The texts of the request's locale, for handlers (page titles, messages) and renders outside a page. */
export function textsOf(c: Context<AppEnv>): Translator {
  return translator(c.get("locale") ?? "en");
}
