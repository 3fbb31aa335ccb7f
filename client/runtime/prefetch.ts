/**
 * Prefetch of likely next pages (spec section 2): one second after load,
 * unless the connection is slow (Save-Data or 2g), links that come into view
 * and links hovered or focused are fetched ahead, at most
 * ROUTE_PRELOAD_CONCURRENCY at a time. Browsers with Speculation Rules get
 * them (a rules block carrying the page's nonce); others a <link rel=prefetch>
 * whose load or error frees its slot. Personal pages are never prefetched.
 */
import { PREFETCH_DELAY_MS, ROUTE_PRELOAD_CONCURRENCY } from "../../shared/constants";
import { isPersonalPath } from "../../shared/personal-paths";
import { afterLoad, linkUrl, pageNonce, samePage } from "./navigation";

interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

const queue: string[] = [];
const seen = new Set<string>();
const inserted: Element[] = [];
let active = 0;
let stopped = false;

function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  return Boolean(connection?.saveData || connection?.effectiveType?.includes("2g"));
}

/** A same-origin page other than this one, not personal: worth fetching ahead. */
function candidate(target: EventTarget | null): string | null {
  const url = linkUrl(target);
  if (!url || url.origin !== location.origin || isPersonalPath(url.pathname) || samePage(url)) return null;
  url.hash = "";
  return url.href;
}

function release(): void {
  active--;
  pump();
}

function pump(): void {
  if (stopped) return;
  const batch: string[] = [];
  while (active < ROUTE_PRELOAD_CONCURRENCY && queue.length) {
    active++;
    batch.push(queue.shift() as string);
  }
  if (!batch.length) return;
  if (HTMLScriptElement.supports?.("speculationrules")) {
    const rules = document.createElement("script");
    rules.type = "speculationrules";
    rules.nonce = pageNonce();
    rules.textContent = JSON.stringify({ prefetch: [{ source: "list", urls: batch }] });
    document.head.append(rules);
    inserted.push(rules);
    // The browser reports nothing back for these: their slots free up after the delay.
    setTimeout(() => batch.forEach(release), PREFETCH_DELAY_MS);
    return;
  }
  for (const href of batch) {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = href;
    link.onload = link.onerror = release;
    document.head.append(link);
    inserted.push(link);
  }
}

export function prefetch(href: string | null): void {
  if (!href || stopped || seen.has(href) || slowConnection()) return;
  seen.add(href);
  queue.push(href);
  pump();
}

/** A new build is live: nothing prefetched from the old one may be used. */
export function stopPrefetch(): void {
  stopped = true;
  queue.length = 0;
  for (const element of inserted) element.remove();
}

export function startPrefetch(): void {
  afterLoad(() => {
    if (slowConnection()) return;
    const onIntent = (event: Event) => prefetch(candidate(event.target));
    addEventListener("mouseover", onIntent, { passive: true });
    addEventListener("focusin", onIntent);
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        prefetch(candidate(entry.target));
      }
    });
    for (const link of document.querySelectorAll("a[href]")) if (candidate(link)) observer.observe(link);
  }, PREFETCH_DELAY_MS);
}
