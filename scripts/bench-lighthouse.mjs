// Lighthouse (mobile, its default simulated slow 4G and 4× CPU) over the main pages in both
// languages, with the system's Chromium. The target is 98+ on /ar, with English's scores and page
// weight kept. A score, not a test: Lighthouse's performance score moves with the machine's load,
// and speed is measured by the bench (its date printed with it), never by a timed test.
// Each page is asked once before it is measured, so Lighthouse sees the kept shell a shopper sees.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "./chromium.mjs";
import { startFreshShop } from "./serve.mjs";

const PAGES = ["/", "/ar", "/catalog/skincare", "/ar/catalog/skincare", "<product>", "/ar<product>"];

function row(path, lhr) {
  const score = (name) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
  const audit = (name) => lhr.audits[name]?.numericValue ?? 0;
  return `| \`${path}\` | ${score("performance")} | ${score("accessibility")} | ${score("best-practices")} | ${score("seo")} | ${(audit("first-contentful-paint") / 1000).toFixed(1)} s | ${(audit("largest-contentful-paint") / 1000).toFixed(1)} s | ${Math.round(audit("total-blocking-time"))} ms | ${audit("cumulative-layout-shift").toFixed(3)} | ${Math.round(audit("total-byte-weight") / 1024)} KiB |`;
}

/** The accessibility audits a page failed, with the elements each names. */
function accessibilityMissed(path, lhr) {
  return (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => {
      const items = lhr.audits[ref.id].details?.items ?? [];
      const nodes = items
        .map((item) => item.node?.snippet)
        .filter(Boolean)
        .slice(0, 3);
      return `\`${path}\` ${ref.id}${nodes.length ? ` (${nodes.join(", ")})` : ""}`;
    });
}

export async function benchLighthouse() {
  const { mf, url } = await startFreshShop({ log: false });
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium() ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const listing = await (
      await fetch(`${url}/catalog/skincare`, { headers: { cookie: "i18n_redirected=en" } })
    ).text();
    const product = listing.match(/href="(\/catalog\/skincare\/[a-z0-9-]+)"/)?.[1] ?? "/catalog/skincare";
    console.log("\n| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | weight |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    const missed = [];
    for (const page of PAGES) {
      const path = page.replace("<product>", product);
      await fetch(url + path);
      const result = await lighthouse(url + path, { port: chrome.port, output: "json", logLevel: "error" });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      console.log(row(path, result.lhr));
      missed.push(...accessibilityMissed(path, result.lhr));
    }
    // A score under 100 names what it missed, so the next run can tell a fix from noise.
    if (missed.length > 0) console.log(`\nAccessibility audits missed: ${missed.join("; ")}.`);
  } finally {
    await chrome.kill();
    await mf.dispose();
  }
}
