/**
 * Hydrates one island. Loaded only when a page's island wakes, so pages that
 * never wake one never download React. Whatever else only a woken island needs
 * lives here too, out of the runtime every page loads: reading its props and
 * texts from the page, and the locale links below.
 */
import type { ComponentType } from "react";
import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import type { Section } from "../shared/i18n/messages-type";
import { FormParts } from "./components/form-parts";
import { pageLocale } from "./components/page-locale";
import { startLocaleLinks } from "./locale-links";

// Once, when the first island wakes: only islands make links and forms without the page's prefix.
startLocaleLinks();

function Ready({ onReady, children }: { onReady: () => void; children: React.ReactNode }) {
  useEffect(onReady, []);
  return children;
}

/** A section of texts the page carries once for all its islands (worker/frame/islands/island.tsx), or null. */
function pageTexts(section: string) {
  const json = document.querySelector(`script[data-texts="${section}"]`)?.textContent;
  return json ? JSON.parse(json) : null;
}

/**
 * Resolves once the island's effects have run, so a replayed click finds its handlers. The form
 * fields' words (the page's `formParts`) are given to the island as the server gave them.
 */
export function hydrate(element: HTMLElement, Component: ComponentType<Record<string, unknown>>): Promise<void> {
  const props = JSON.parse(element.dataset.props || "{}") as Record<string, unknown>;
  // An island's texts travel once per page, named by its props.
  if (typeof props.section === "string" && !props.texts) {
    const texts = pageTexts(props.section);
    if (texts) props.texts = texts;
  }
  const formParts: Section<"formParts"> | null = pageTexts("formParts");
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
