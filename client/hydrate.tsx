/**
 * Hydrates one island. Loaded only when a page's island wakes, so pages that
 * never wake one never download React.
 */
import type { ComponentType } from "react";
import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import type { Section } from "../shared/i18n/messages-type";
import { FormParts } from "./components/form-parts";
import { pageLocale } from "./components/page-locale";

function Ready({ onReady, children }: { onReady: () => void; children: React.ReactNode }) {
  useEffect(onReady, []);
  return children;
}

/**
 * Resolves once the island's effects have run, so a replayed click finds its handlers. The form
 * fields' words (the page's `formParts`) are given to the island as the server gave them.
 */
export function hydrate(
  element: Element,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  formParts: Section<"formParts"> | null,
): Promise<void> {
  const locale = pageLocale();
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <Ready onReady={resolve}>
        <FormParts.Provider value={formParts && { locale, texts: formParts }}>
          <Component {...props} />
        </FormParts.Provider>
      </Ready>,
    );
  });
}
