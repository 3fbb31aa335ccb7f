import { DEFAULT_LOCALE } from "../shared/constants";
import { pageLocale, pagePath } from "./components/page-locale";

/** Gives an attribute holding a path without a prefix the page's (a link's `hreflang` says it crosses on purpose). */
function localise(element: Element | null | undefined, attribute: "href" | "action"): void {
  if (!element || element.hasAttribute("hreflang")) return;
  const value = element.getAttribute(attribute);
  if (value === null) return;
  const localised = pagePath(value);
  if (localised !== value) element.setAttribute(attribute, localised);
}

/**
 * Links and forms an island makes in the browser (a quick view's "Open the product page", the bag's
 * "View bag", the mobile menu's links from the CMS) are written without a locale prefix, as the
 * worker's are; the worker gives the ones it renders the page's prefix, and this gives the others
 * theirs as they are followed, so an Arabic page never leads to an English one but by its switch.
 * Started by the hydrate chunk (client/hydrate.tsx), not the runtime: such links exist only once an
 * island has woken, and a page that wakes none does not carry this code in its one small script.
 * Its listeners capture at the window, so they still run before the runtime's click listener.
 */
export function startLocaleLinks(): void {
  if (pageLocale() === DEFAULT_LOCALE) return;
  addEventListener("click", (event) => localise((event.target as Element | null)?.closest?.("a[href]"), "href"), true);
  addEventListener("submit", (event) => localise(event.target as HTMLFormElement | null, "action"), true);
}
