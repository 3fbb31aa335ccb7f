/**
 * Finds the islands the server rendered (`data-island`) and wakes each when
 * its mode says: at load, when visible, or on first interaction. An island's
 * chunk and React are fetched only then.
 */
type Wake = "load" | "visible" | "interaction";

/** The hydrate chunk's hashed URL, set by the build (scripts/build-client.mjs). */
declare const __HYDRATE_URL__: string;
// Through a variable so the bundler leaves the URL to the browser.
const hydrateUrl: string[] = [__HYDRATE_URL__];

const INTERACTIONS = ["pointerdown", "focusin", "pointerenter", "touchstart"] as const;

async function wake(element: HTMLElement): Promise<void> {
  const src = element.dataset.src;
  if (!src) return;
  const [mod, runtime] = await Promise.all([
    import(/* @vite-ignore */ src),
    import(/* @vite-ignore */ hydrateUrl[0]) as Promise<typeof import("./hydrate")>,
  ]);
  // The hydrate chunk reads the island's props and texts from the page: code every woken island
  // needs, but no page that wakes none, so it stays out of this script.
  await runtime.hydrate(element, mod.default);
  element.dataset.hydrated = "true";
}

function onInteraction(element: HTMLElement): void {
  // Elements elsewhere on the page that belong to this island (data-wake-on, a CSS selector):
  // interacting with one wakes it too, and a click on one is held and replayed like the island's own.
  const outside = element.dataset.wakeOn;
  let ready: Promise<void> | undefined;
  const start = () => {
    for (const type of INTERACTIONS) element.removeEventListener(type, start);
    if (outside) for (const type of INTERACTIONS) document.removeEventListener(type, startFromOutside, true);
    ready ??= wake(element);
    ready.catch(reportFailure);
    return ready;
  };
  const startFromOutside = (event: Event) => {
    // Listened for only when there is a selector (below).
    if ((event.target as Element | null)?.closest?.(outside as string)) void start();
  };
  const holdOutside = (event: MouseEvent) => {
    if (element.dataset.hydrated) return;
    const target = (event.target as Element | null)?.closest?.<HTMLElement>(outside as string);
    if (!target || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    // If the island can't load, a link still goes where it points (the same form on its own page).
    start().then(
      () => target.click(),
      () => (target as HTMLAnchorElement).href && location.assign((target as HTMLAnchorElement).href),
    );
  };
  if (outside) {
    document.addEventListener("click", holdOutside, true);
    // Capture, so non-bubbling pointerenter reaches the document too.
    for (const type of INTERACTIONS)
      document.addEventListener(type, startFromOutside, { capture: true, passive: true });
  }
  // A click that lands before hydration is held and replayed on the live island; so is an arrow key on
  // one of its links (the shades' radio group, client/islands/variant-picker.tsx: Tab wakes it, the arrow follows at once).
  const hold = (event: Event) => {
    const { key } = event as KeyboardEvent;
    const target = (event.target as Element).closest<HTMLElement>(key ? "a" : "button, [role=button]");
    if (element.dataset.hydrated || !target || (key && !key.startsWith("Arrow"))) return;
    event.preventDefault();
    event.stopPropagation();
    // The held key itself, dispatched again once its dispatch is over, reaches the live island's handler.
    void start().then(() => (key ? target.dispatchEvent(event) : target.click()));
  };
  for (const type of ["click", "keydown"]) element.addEventListener(type, hold, true);
  for (const type of INTERACTIONS) element.addEventListener(type, start, { passive: true });
}

function onVisible(element: HTMLElement): void {
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      observer.disconnect();
      void wake(element).catch(reportFailure);
    }
  });
  observer.observe(element);
}

function reportFailure(error: unknown): void {
  dispatchEvent(new CustomEvent("island-error", { detail: error }));
  console.error(error);
}

export function startIslands(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-island]")) {
    const mode = (element.dataset.wake || "load") as Wake;
    if (mode === "interaction") onInteraction(element);
    else if (mode === "visible" && "IntersectionObserver" in window) onVisible(element);
    else void wake(element).catch(reportFailure);
  }
}
