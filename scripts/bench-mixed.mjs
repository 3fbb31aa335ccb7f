// The mixed load: many connections over the main pages at once, the way a shop
// is really used. Throughput alone hides the failures that only concurrency
// brings (one isolate serving many requests: a request's I/O or state leaking
// into another's), so every answer is classified and a sample is read whole.

/**
 * The patterns workerd's log shows when the worker failed: console.error lines
 * from onError ("Error in app"), and the runtime's cross-request I/O refusal.
 */
const ERROR_LINES = [
  ["cross-request I/O", /Cannot perform I\/O on behalf of a different request/],
  ["Error in app", /Error in app/],
  ["other error lines", /\berror\b|✘|Uncaught/i],
];

/** Counts error lines by kind; feed it every line workerd writes. */
export function errorLineCounter() {
  const counts = Object.fromEntries(ERROR_LINES.map(([name]) => [name, 0]));
  return {
    counts,
    onLine(line) {
      // Stack frames belong to the error line above them.
      if (/^\s+at /.test(line)) return;
      const kind = ERROR_LINES.find(([, pattern]) => pattern.test(line));
      if (kind) counts[kind[0]]++;
    },
    total: () => Object.values(counts).reduce((a, b) => a + b, 0),
  };
}

/** A page is whole when it has the site header, the footer and its own content marker. */
function isWhole(html, marker) {
  return (
    html.includes('class="site-header"') &&
    html.includes('class="site-footer"') &&
    html.trimEnd().endsWith("</html>") &&
    marker.test(html)
  );
}

/**
 * `connections` loops, each requesting the pages in turn until `seconds` pass.
 * Every request has its own timeout (a hung request is counted, not waited on);
 * one answer in `sampleEvery` is read and checked whole, the rest drained.
 * @param {{ url: string, pages: { name: string, path: string, marker: RegExp }[], seconds: number, connections: number, cookie?: string, timeoutMs?: number, sampleEvery?: number }} options
 */
export async function mixedLoad({
  url,
  pages,
  seconds,
  connections,
  cookie = "",
  timeoutMs = 10_000,
  sampleEvery = 4,
}) {
  const stats = { requests: 0, ok: 0, failed: 0, hung: 0, sampled: 0, broken: 0, latencies: [], brokenPages: {} };
  const deadline = Date.now() + seconds * 1000;
  let next = 0;

  async function one(page) {
    const started = performance.now();
    const sample = next % sampleEvery === 0;
    try {
      const response = await fetch(url + page.path, {
        headers: cookie ? { cookie } : {},
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await response.text();
      stats.latencies.push(performance.now() - started);
      if (response.status >= 400) {
        stats.failed++;
        return;
      }
      stats.ok++;
      if (sample && response.status < 300) {
        stats.sampled++;
        if (!isWhole(body, page.marker)) {
          stats.broken++;
          stats.brokenPages[page.name] = (stats.brokenPages[page.name] ?? 0) + 1;
        }
      }
    } catch (error) {
      if (error?.name === "TimeoutError") stats.hung++;
      else stats.failed++;
    }
  }

  async function loop() {
    while (Date.now() < deadline) {
      const page = pages[next++ % pages.length];
      stats.requests++;
      await one(page);
    }
  }

  await Promise.all(Array.from({ length: connections }, loop));
  stats.latencies.sort((a, b) => a - b);
  const at = (q) => stats.latencies[Math.min(stats.latencies.length - 1, Math.floor(q * stats.latencies.length))] ?? 0;
  return { ...stats, rps: stats.requests / seconds, p50: at(0.5), p99: at(0.99), latencies: undefined };
}
