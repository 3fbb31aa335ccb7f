// A kept category page during a sale (docs/decisions/0120-sale-prices-on-the-catalogue.md): the same
// page, kept, under load with no sale and with a 20 % sale running on its brands, alternating. A sale
// is priced when the page is made and kept like any other page, so the target is the same CPU.
import { fetchOnce, fmt, load, rounds } from "./bench-kit.mjs";
import { startFreshShop } from "./serve.mjs";

const FIRST_VISIT = { cookie: "i18n_redirected=en" };
const PATH = "/catalog/skincare";
const BRANDS = ["maison-lumiere", "nordic-pure", "desert-bloom"];

/** Asks until the page answers from its kept shell; answers its HTML. */
async function keep(url) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const res = await fetchOnce(url + PATH, { headers: FIRST_VISIT });
    const html = await res.text();
    if (res.headers.get("x-page-shell") === "hit") return html;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${PATH} was never kept`);
}

export async function benchSale() {
  const { mf, url } = await startFreshShop({ log: false });
  try {
    const db = await mf.getD1Database("DB");
    const kv = await mf.getKVNamespace("CMS_CACHE");
    const { id } = await db
      .prepare(
        `INSERT INTO promotions (name, applies, gives_json, target_kind, target_values, paused)
         VALUES ('Bench sale', 'auto', ?1, 'brand', ?2, 1) RETURNING id`,
      )
      .bind(JSON.stringify({ kind: "percent", percent: 20, cap: null }), JSON.stringify(BRANDS))
      .first();
    // What the desk does when it pauses or resumes a sale (worker/platform/promotions/sale-moves.ts).
    const setSale = async (running) => {
      await db
        .prepare("UPDATE promotions SET paused = ?2 WHERE id = ?1")
        .bind(id, running ? 0 : 1)
        .run();
      const version = `bench-${Date.now()}-${running}`;
      await Promise.all(["ver:sale:all", ...BRANDS.map((b) => `ver:sale:brand:${b}`)].map((k) => kv.put(k, version)));
      const html = await keep(url);
      if (html.includes("price__badge") !== running)
        throw new Error(`The kept page ${running ? "misses" : "shows"} the sale`);
    };
    const requests = [{ method: "GET", path: PATH, headers: FIRST_VISIT }];
    const without = [];
    const during = [];
    await keep(url);
    await load(url, { requests, duration: 2 });
    for (let round = 0; round < rounds; round++) {
      await setSale(false);
      without.push(await load(url, { requests }));
      await setSale(true);
      during.push(await load(url, { requests }));
    }
    const mean = (rs, key) => rs.reduce((sum, r) => sum + r[key], 0) / rs.length;
    console.log("\n| a kept category page (/catalog/skincare) | req/s | p50 ms | p99 ms | CPU ms/request | failed |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const [name, rs] of [
      ["without a sale", without],
      ["during a sale (20 % on its brands)", during],
    ]) {
      const bad = rs.reduce((sum, r) => sum + r.bad, 0);
      console.log(
        `| ${name} | ${fmt(mean(rs, "rps"))} | ${fmt(mean(rs, "p50"))} | ${fmt(mean(rs, "p99"))} | ${fmt(mean(rs, "cpuMs"), 3)} | ${bad} |`,
      );
    }
    console.log(
      `| during ÷ without (target: the same CPU) | | | | ${fmt(mean(during, "cpuMs") / Math.max(1e-9, mean(without, "cpuMs")), 2)}× | |`,
    );
  } finally {
    await mf.dispose();
  }
}
