// The mixed load of `npm run bench` (scripts/bench.mjs): a fresh shop under many connections of
// first visits, returning shoppers and bots, counting what failed, hung, or came back broken.
import autocannon from "autocannon";
import {
  connections,
  fmt,
  mainPages,
  mixedSeconds,
  returningShopper,
  signedInShopper,
  timeoutSeconds,
} from "./bench-kit.mjs";
import { startFreshShop } from "./serve.mjs";

/** What a broken page lacks, for the report. */
function missing(html, marker) {
  const parts = [
    ['<header class="site-header">', "header"],
    ['<footer class="site-footer">', "footer"],
    [marker, `"${marker}"`],
  ];
  const lacking = parts.filter(([text]) => !html.includes(text)).map(([, name]) => name);
  return lacking.length ? `no ${lacking.join(", ")} in ${html.length} bytes` : "whole";
}

/** Is this the whole page: the layout around it and its own content? */
function whole(html, marker) {
  return (
    html.includes('<header class="site-header">') &&
    html.includes('<footer class="site-footer">') &&
    html.includes(marker)
  );
}

/**
 * A fresh shop under mixed load: `connections` connections for `mixedSeconds` over the main pages,
 * first visits and returning shoppers together, while a sampler reads pages and checks each is whole.
 * Counts failed (non-2xx, errors) and hung (no answer in 10 s) requests, and the lines the worker
 * logged as errors.
 */
export async function benchMixedLoad() {
  const log = [];
  const { mf, url } = await startFreshShop({ log: (text) => log.push(...text.split("\n").filter(Boolean)) });
  try {
    const pages = await mainPages(url);
    const returning = await returningShopper(url, pages.slug);
    const signedIn = await signedInShopper(url, pages.slug);
    const markers = {
      [pages.home]: "Brands we trust",
      [pages.category]: "<h1>Skincare</h1>",
      [pages.product]: 'class="product-details"',
      [pages.post]: "<article",
      [pages.info]: "<h1",
      [pages.search]: "Search: serum",
    };
    const paths = Object.keys(markers);
    const cookies = ["i18n_redirected=en", returning, signedIn];
    const shoppers = paths.flatMap((path) => cookies.map((cookie) => ({ method: "GET", path, headers: { cookie } })));
    // Bots, one request in ten (decision 0095): a parameter the page does not read, new each time (200
    // from the kept page), an unknown product (404) or a sort no page has (301), alternating.
    let botN = 0;
    const bot = (make) => ({
      method: "GET",
      headers: { cookie: cookies[0] },
      setupRequest: (req) => ({ ...req, path: make(botN++) }),
    });
    const bots = [
      bot((n) => `${pages.product}?ref=${n.toString(36)}`),
      bot((n) => (n % 2 ? `${pages.category}/no-such-product-${n}` : `${pages.category}?sort=r${n}`)),
    ];
    // Each connection goes through the list in order: one bot in each half of it.
    const half = Math.ceil(shoppers.length / 2);
    const requests = [...shoppers.slice(0, half), bots[0], ...shoppers.slice(half), bots[1]];
    let sampled = 0;
    let broken = 0;
    const reasons = [];
    const kindOf = (cookie) => ["first visit", "returning", "signed in"][cookies.indexOf(cookie)];
    let stop = false;
    const sampler = (async () => {
      for (let i = 0; !stop; i++) {
        const path = paths[i % paths.length];
        const cookie = cookies[i % cookies.length];
        sampled++;
        try {
          const res = await fetch(url + path, {
            headers: { cookie },
            signal: AbortSignal.timeout(timeoutSeconds * 1000),
          });
          const html = await res.text();
          if (res.status !== 200 || !whole(html, markers[path])) {
            broken++;
            reasons.push(`${path} (${kindOf(cookie)}): ${res.status}, ${missing(html, markers[path])}`);
          }
        } catch (error) {
          broken++;
          const cause = error.cause ? ` (${error.cause.code ?? error.cause.message ?? error.cause})` : "";
          reasons.push(`${path} (${kindOf(cookie)}): ${error.name}: ${error.message}${cause}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const load = autocannon({ url, connections, duration: mixedSeconds, timeout: timeoutSeconds, requests });
    // Why a request got no answer (reset, refused, closed early), counted by kind.
    const noAnswer = new Map();
    load.on("reqError", (error) => {
      const kind = error?.code ?? error?.message ?? String(error);
      noAnswer.set(kind, (noAnswer.get(kind) ?? 0) + 1);
    });
    const result = await load;
    stop = true;
    await sampler;
    // Stack frames ("    at …") belong to the line above them; count each error once.
    const errorLines = log.filter(
      (line) => !/^\s+at /.test(line) && /error|Cannot perform I\/O|Uncaught|failed/i.test(line),
    );
    const crossRequest = errorLines.filter((line) => /Cannot perform I\/O on behalf of a different request/.test(line));
    const inApp = errorLines.filter((line) => /Error in app/.test(line));
    console.log(
      `\n| mixed load (${connections} connections, ${mixedSeconds} s, ${paths.length} pages × 3 kinds of visitor, and bots one request in ten) | count |`,
    );
    console.log("|---|---:|");
    console.log(`| requests answered | ${result.requests.total} |`);
    console.log(`| req/s (mean) | ${fmt(result.requests.average)} |`);
    console.log(`| p50 / p99 ms | ${fmt(result.latency.p50)} / ${fmt(result.latency.p99)} |`);
    // The bots' 301s and 404s are the right answers to them; the shoppers' pages never answer either.
    const botAnswers = ["301", "404"].map((code) => result.statusCodeStats?.[code]?.count ?? 0);
    console.log(`| bots' requests answered 301 (invalid sort) / 404 (unknown product) | ${botAnswers.join(" / ")} |`);
    console.log(
      `| failed (non-2xx or error, bots' 301s and 404s aside) | ${result.non2xx + result.errors - botAnswers[0] - botAnswers[1]} |`,
    );
    // Which: a status the shop answered, or a connection error (reset, refused) the shop never answered.
    const statuses = Object.entries(result.statusCodeStats ?? {}).filter(
      ([code]) => !code.startsWith("2") && code !== "301" && code !== "404",
    );
    for (const [code, { count }] of statuses) console.log(`|   … answered ${code} | ${count} |`);
    if (result.errors > 0) console.log(`|   … connection errors (no answer) | ${result.errors} |`);
    for (const [kind, count] of noAnswer) console.log(`|     … ${kind} | ${count} |`);
    console.log(`| hung (no answer in ${timeoutSeconds} s) | ${result.timeouts} |`);
    console.log(`| sampled pages not whole (of ${sampled}) | ${broken} |`);
    for (const reason of reasons.slice(0, 5)) console.log(`|   … ${reason.slice(0, 160)} | |`);
    console.log(`| error lines in the worker's log | ${errorLines.length} |`);
    console.log(`| … of which "Cannot perform I/O on behalf of a different request" | ${crossRequest.length} |`);
    console.log(`| … of which "Error in app" | ${inApp.length} |`);
    for (const line of errorLines.slice(0, 5)) console.log(`\n    ${line.slice(0, 200)}`);
  } finally {
    await mf.dispose();
  }
}

/** The sections BENCH_ONLY names (comma-separated), or all of them. */
