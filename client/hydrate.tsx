/**
 * Hydrates one island. Loaded only when a page's island wakes, so pages that
 * never wake one never download React.
 */
import type { ComponentType } from "react";
import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

function Ready({ onReady, children }: { onReady: () => void; children: React.ReactNode }) {
  useEffect(onReady, []);
  return children;
}

/** Resolves once the island's effects have run, so a replayed click finds its handlers. */
export function hydrate(
  element: Element,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <Ready onReady={resolve}>
        <Component {...props} />
      </Ready>,
    );
  });
}
