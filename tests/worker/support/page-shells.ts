import { fetchWorker } from "../fetch";

/**
 * A public page once its shell is kept: the first view renders it and keeps it
 * in the background (waitUntil), so ask again until the answer comes from the
 * cache (it then has an ETag, and is not a stale copy made before a change: decision 0084).
 * Bounded: fails after about two seconds.
 */
export async function keptPage(path: string, headers: Record<string, string> = {}): Promise<Response> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await fetchWorker(path, { headers });
    if (res.headers.get("etag") && res.headers.get("x-page-shell") !== "stale") return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The page shell of ${path} was never kept`);
}

/**
 * A page once its stale copy has been replaced: after a content or stock change the first views
 * are served from the page's copy made before it while one render makes the new one in the
 * background (decision 0084). `view` asks once (as a visitor with cookies, say); asked again until
 * the answer is not the stale copy. Bounded: fails after about two seconds.
 */
export async function freshView(view: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await view();
    if (res.headers.get("x-page-shell") !== "stale") return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("The stale copy of a page was never replaced");
}

/** A public page as an anonymous visitor sees it once its stale copy has been replaced (freshView). */
export function refreshedPage(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return freshView(() => fetchWorker(path, { headers }));
}
