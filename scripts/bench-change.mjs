// After a content change (decisions 0084 and 0086): in a fresh shop with
// every page of the set kept, one product's price changes through the CMS webhook, and each page is
// asked once: a page that shows the product answers from its stale copy and is rendered again in the
// background; every other page keeps its shell. A menu change, which every page shows, is asked the
// same way for comparison (before decision 0086 a price change did that too). Then latency: a quiet
// stretch of load over the page set, and the same stretch started the moment a price changes.
import { failures, fetchOnce, fmt, load, mainPages } from "./bench-kit.mjs";
import { readDevVars, startFreshShop } from "./serve.mjs";

const FIRST_VISIT = { cookie: "i18n_redirected=en" };
/** The issue compares the first minute after a change with a quiet one. */
const loadSeconds = Number(process.env.BENCH_CHANGE_SECONDS ?? 60);

async function pageSet(url, db) {
  const main = await mainPages(url);
  const product = main.product;
  const brand = await db
    .prepare("SELECT b.slug FROM cms_products p JOIN cms_brands b ON b.id = p.brand_id WHERE p.slug = ?1")
    .bind(product.split("/").pop())
    .first("slug");
  if (!brand) throw new Error(`No brand for ${product}`);
  const paths = {
    home: main.home,
    "category (the product's)": main.category,
    "the product": product,
    "a product of another category (shades)": main.shades,
    "another category": "/catalog/makeup",
    "the product's brand": `/brands/${brand}`,
    brands: "/brands",
    blog: "/blog",
    "blog post": main.post,
    "information page": main.info,
    "another information page": "/delivery",
    "search (serum)": main.search,
  };
  return { paths, product };
}

/** Asks until the page answers from its kept shell (a hit): bounded. */
async function keep(url, path) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const res = await fetchOnce(url + path, { headers: FIRST_VISIT });
    await res.arrayBuffer();
    if (res.headers.get("x-page-shell") === "hit") return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${path} was never kept`);
}

async function statesAfter(url, paths) {
  const states = {};
  for (const [name, path] of Object.entries(paths)) {
    const res = await fetchOnce(url + path, { headers: FIRST_VISIT });
    await res.arrayBuffer();
    states[name] = res.headers.get("x-page-shell");
  }
  return states;
}

function webhook(url, secret, event, model, entry) {
  return fetchOnce(`${url}/api/cms/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
    body: JSON.stringify({ event, model, entry }),
  });
}

export async function benchChange() {
  const secret = readDevVars().CMS_WEBHOOK_SECRET;
  const { mf, url } = await startFreshShop({ log: false });
  try {
    const db = await mf.getD1Database("DB");
    const { paths, product } = await pageSet(url, db);
    const slug = product.split("/").pop();
    const row = await db.prepare("SELECT id, price FROM cms_products WHERE slug = ?1").bind(slug).first();
    if (!row) throw new Error(`No product ${slug}`);
    let price = row.price;
    const changePrice = async () => {
      price += 1;
      await db.prepare("UPDATE cms_products SET price = ?2 WHERE id = ?1").bind(row.id, price).run();
      const res = await webhook(url, secret, "entry.update", "product", { id: row.id, slug, price, locale: "en" });
      if (res.status !== 200) throw new Error(`The webhook answered ${res.status}`);
    };

    for (const path of Object.values(paths)) await keep(url, path);
    await changePrice();
    const afterPrice = await statesAfter(url, paths);
    for (const path of Object.values(paths)) await keep(url, path);
    const menu = await webhook(url, secret, "entry.update", "menu", { id: 1, locale: "en" });
    if (menu.status !== 200) throw new Error(`The webhook answered ${menu.status}`);
    const afterMenu = await statesAfter(url, paths);

    const total = Object.keys(paths).length;
    const renderedAgain = (states) => Object.values(states).filter((state) => state !== "hit").length;
    console.log(`\n| page (${product}'s price changes) | after the price change | after a menu change |`);
    console.log("|---|---|---|");
    for (const name of Object.keys(paths)) console.log(`| ${name} | ${afterPrice[name]} | ${afterMenu[name]} |`);
    console.log(
      `| **rendered again** (stale: served at once, made again in the background) | **${renderedAgain(afterPrice)} of ${total}** | **${renderedAgain(afterMenu)} of ${total}** |`,
    );

    // Latency: the page set under load, quiet, then from the moment a price changes.
    const list = Object.values(paths);
    const requests = list.map((path) => ({ method: "GET", path, headers: FIRST_VISIT }));
    for (const path of list) await keep(url, path);
    await load(url, { requests, duration: 2 });
    const quiet = await load(url, { requests, duration: loadSeconds });
    for (const path of list) await keep(url, path);
    await changePrice();
    const changed = await load(url, { requests, duration: loadSeconds });
    console.log(`\n| the page set under load (${loadSeconds} s each) | p50 ms | p99 ms | CPU ms/request | failed |`);
    console.log("|---|---:|---:|---:|---:|");
    for (const [name, r] of [
      ["quiet", quiet],
      ["from the moment one product's price changed", changed],
    ]) {
      console.log(
        `| ${name} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.cpuMs, 2)} | ${r.bad}${r.bad ? ` (${failures(r)})` : ""} |`,
      );
    }
    console.log(`| p99 after the change ÷ quiet | | ${fmt(changed.p99 / Math.max(1, quiet.p99), 2)}× | | |`);
  } finally {
    await mf.dispose();
  }
}
