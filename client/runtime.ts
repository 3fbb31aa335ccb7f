/**
 * The small script every page loads. It wakes the page's islands; React comes
 * only with the first island that wakes.
 */
import { startIslands } from "./islands";

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => startIslands(), { once: true });
} else {
  startIslands();
}
