/**
 * The URL a click is about to navigate this tab to, or null: modified or
 * non-primary clicks, links that open elsewhere or download, in-page anchors,
 * and clicks an island already handled (defaultPrevented).
 */
export function linkTarget(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  const url = linkUrl(event.target);
  return url && !(url.hash && samePage(url)) ? url : null;
}

/** The http(s) URL of the link around `target` if it navigates this tab, else null. */
export function linkUrl(target: EventTarget | null): URL | null {
  const link = (target as Element | null)?.closest?.<HTMLAnchorElement>("a[href]");
  if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const url = new URL(link.href);
  return url.protocol.startsWith("http") ? url : null;
}

export function samePage(url: URL): boolean {
  return url.pathname === location.pathname && url.search === location.search;
}

/** The CSP nonce the page trusted the runtime with, for elements the runtime inserts. */
export function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/** Runs `task` `delay` ms after the load event (at once if it has passed). */
export function afterLoad(task: () => void, delay: number): void {
  const run = () => setTimeout(task, delay);
  if (document.readyState === "complete") run();
  else addEventListener("load", run, { once: true });
}
