/**
 * The page-loading bar (spec sections 2, 4, 9). A navigation starts it; after
 * the throttle it shows and progresses over the duration; the next page (or
 * a failure) finishes it, in the error colour when the navigation failed; it
 * hides after the hide delay and resets after the reset delay. Because every
 * navigation loads a new document, the progress travels to the next page in
 * sessionStorage and the bar finishes there.
 */
import { LOADING_BAR } from "../../shared/constants";

type BarState = "idle" | "loading" | "finishing" | "hidden";

const CARRY_KEY = "loading_bar";
const TICK_MS = 100;

let bar: HTMLElement | undefined;
let state: BarState = "idle";
let progress = 0;
// One pending step at a time (show, tick, hide, reset): each schedules the next.
let timer: ReturnType<typeof setTimeout> | undefined;

/** Fast at first, slowing towards 100 % without reaching it (as Nuxt's indicator). */
function estimate(elapsed: number): number {
  return (200 / Math.PI) * Math.atan((elapsed / LOADING_BAR.duration) * 2);
}

function render(next: BarState, error = false): void {
  state = next;
  if (!bar) {
    bar = document.createElement("div");
    bar.className = "loading-bar";
    bar.ariaHidden = "true";
    // The stylesheet takes its numbers from here (client/styles/loading-bar.css).
    bar.style.cssText = `--loading-bar-height:${LOADING_BAR.height}px;--loading-bar-tick:${TICK_MS}ms;--loading-bar-fade:${LOADING_BAR.resetDelay}ms`;
    document.body.append(bar);
  }
  bar.dataset.state = next;
  bar.toggleAttribute("data-error", error);
  // Under reduced motion the stylesheet holds it at full width: it is either there or not.
  bar.style.transform = `scaleX(${progress / 100})`;
}

/** Replaces whatever step was pending with `task`. */
function later(task: () => void, ms: number): void {
  clearTimeout(timer);
  timer = setTimeout(task, ms);
}

function show(): void {
  const shownAt = Date.now();
  progress = 0;
  render("loading");
  const tick = () => {
    progress = estimate(Date.now() - shownAt);
    render("loading");
    later(tick, TICK_MS);
  };
  later(tick, TICK_MS);
}

/** A navigation began: the bar appears only if it takes longer than the throttle. */
export function startLoadingBar(): void {
  if (state !== "loading") later(show, LOADING_BAR.throttle);
}

/** The navigation ended (error: it failed). A bar that never showed stays hidden unless it failed. */
export function finishLoadingBar(error = false): void {
  clearTimeout(timer);
  if (state !== "loading" && !error) {
    progress = 0;
    render("idle");
    return;
  }
  progress = 100;
  render("finishing", error);
  later(() => {
    render("hidden", error);
    later(() => {
      progress = 0;
      render("idle");
    }, LOADING_BAR.resetDelay);
  }, LOADING_BAR.hideDelay);
}

/** Wires the bar to link clicks (via the caller), form posts and page lifecycle; finishes a bar carried from the last page. */
export function startLoadingBarLifecycle(): void {
  addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!event.defaultPrevented && (!form.target || form.target === "_self") && form.method !== "dialog") {
      startLoadingBar();
    }
  });
  addEventListener("pagehide", () => {
    try {
      if (state === "loading") sessionStorage.setItem(CARRY_KEY, String(progress));
    } catch {
      // Storage blocked: the next page simply starts without a bar.
    }
  });
  addEventListener("pageshow", (event) => {
    // Back to a page kept in the back-forward cache: whatever it showed is over.
    if (event.persisted) finishLoadingBar();
  });
  let carried: string | null = null;
  try {
    carried = sessionStorage.getItem(CARRY_KEY);
    sessionStorage.removeItem(CARRY_KEY);
  } catch {}
  if (carried === null) return;
  // The navigation that brought us here failed if it answered with an error status.
  const entry = performance.getEntriesByType("navigation")[0] as { responseStatus?: number } | undefined;
  progress = Number(carried) || 0;
  render("loading");
  finishLoadingBar((entry?.responseStatus ?? 200) >= 400);
}
