// What a bot's requests cost (the bots' table of decision 0095: each at most 2× a kept product page): each row asks something new every time (a parameter no
// page reads, a sort no page has, a page past the last, an unknown product, a word nobody searched for),
// measured like the page rows (autocannon, workerd's CPU per request) beside a kept product page in the
// same shop, measured before and after each of the row's samples. The issue asks each to cost at most 2×
// that kept page.
import { average, fetchOnce, fmt, load, mainPages, rounds } from "./bench-kit.mjs";
import { startFreshShop } from "./serve.mjs";

const FIRST_VISIT = { cookie: "i18n_redirected=en" };

/** Every request `make(n)` for the n-th one: nothing a kept page (or a kept 404) already answered. */
function fresh(make) {
  let n = 0;
  return [{ method: "GET", headers: FIRST_VISIT, setupRequest: (req) => ({ ...req, path: make(n++) }) }];
}

export async function benchBots() {
  const { mf, url } = await startFreshShop({ log: false });
  try {
    const pages = await mainPages(url);
    const product = pages.product;
    const category = pages.category;
    const rows = [
      ["product page, kept shell (the yardstick)", product, null, 200],
      [
        "same page + a parameter it does not read, new each time",
        `${product}?ref=<n>`,
        (n) => `${product}?ref=${n}`,
        200,
      ],
      [
        "category + an invalid sort, new each time",
        `${category}?sort=bogus<n>`,
        (n) => `${category}?sort=bogus${n}`,
        301,
      ],
      // Page numbers above 1000 are not page numbers (a 301): the last 950 that are, in turn.
      [
        "category + a page past the last, new each time",
        `${category}?page=<51..1000>`,
        (n) => `${category}?page=${51 + (n % 950)}`,
        404,
      ],
      ["an unknown product, the same one", `${category}/no-such-product`, null, 404],
      [
        "an unknown product, new each time",
        `${category}/no-such-product-<n>`,
        (n) => `${category}/no-such-product-${n}`,
        404,
      ],
      ["search, a new word each time", "/search?q=serum+<n>", (n) => `/search?q=serum+${n.toString(36)}`, 200],
    ];
    // The kept page is measured before and after every sample of a row, and each row is set against the
    // yardstick measured around it: this machine's speed drifts by a fifth between minutes, and one
    // yardstick for the whole table would move every ratio with it.
    const yardstick = { target: url + product, options: { headers: FIRST_VISIT } };
    await load(yardstick.target, { ...yardstick.options, duration: 1 });
    const results = [];
    for (const [name, shown, make, status] of rows) {
      const first = await fetchOnce(url + (make ? make(999_999) : shown), { headers: FIRST_VISIT, redirect: "manual" });
      await first.arrayBuffer();
      if (first.status !== status) throw new Error(`${shown} answered ${first.status}, not ${status}`);
      const options = make ? { requests: fresh(make) } : { headers: FIRST_VISIT };
      const target = url + (make ? make(0) : shown);
      await load(target, { ...options, duration: 1 });
      const samples = [];
      const around = [await load(yardstick.target, yardstick.options)];
      for (let r = 0; r < rounds; r++) {
        samples.push(await load(target, options));
        around.push(await load(yardstick.target, yardstick.options));
      }
      results.push({ name, shown, status, ...average(samples), keptMs: average(around).cpuMs });
    }
    console.log(
      "\n| request | answered | req/s | p50 ms | CPU ms/req | kept shell's CPU ms/req, measured around it | CPU vs kept product shell |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      console.log(
        `| ${r.name} \`${r.shown}\` | ${r.status} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.cpuMs, 2)} | ${fmt(r.keptMs, 2)} | ${fmt(r.cpuMs / r.keptMs, 2)}× |`,
      );
    }
  } finally {
    await mf.dispose();
  }
}
