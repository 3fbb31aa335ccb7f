import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { STOCK_VERSION_KEY } from "../../worker/platform/caches/versions";
import { Browser } from "./support/browser-session";
import { auditOf, signedIn } from "./support/staff-session";
import { confirmFields } from "./support/stock-import";

/**
 * Staff set stock on the desk (decision 0078): `/staff/products` lists every product with its shades or
 * sizes, sold out and few left first; `/staff/products/{slug}` sets a count per SKU (empty: not
 * counted), version-checked on the counts it showed, an audit row per SKU; a CSV import of a
 * delivery is checked whole before anything is written.
 */
interface Shade {
  slug: string;
  name: string;
  skus: { sku: string; name: string }[];
}

/** The n-th product of the seed with shades or sizes (each test takes its own). */
async function productWithVariants(n: number): Promise<Shade> {
  const { results } = await env.DB.prepare(
    `SELECT p.slug, p.name, v.sku, v.name AS variant FROM cms_products p JOIN cms_product_variants v ON v.product_id = p.id
     WHERE p.id = (SELECT product_id FROM cms_product_variants GROUP BY product_id HAVING COUNT(*) >= 2 ORDER BY product_id LIMIT 1 OFFSET ?1)
     ORDER BY v.position`,
  )
    .bind(n)
    .all<{ slug: string; name: string; sku: string; variant: string }>();
  return {
    slug: results[0]!.slug,
    name: results[0]!.name,
    skus: results.map((row) => ({ sku: row.sku, name: row.variant })),
  };
}

async function stockOf(sku: string): Promise<number | null> {
  const row = await env.DB.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1")
    .bind(sku)
    .first<{ on_hand: number }>();
  return row?.on_hand ?? null;
}

async function setStock(sku: string, slug: string, onHand: number | null) {
  if (onHand === null) await env.DB.prepare("DELETE FROM stock_levels WHERE sku = ?1").bind(sku).run();
  else {
    await env.DB.prepare(
      `INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, ?3)
       ON CONFLICT (sku) DO UPDATE SET on_hand = excluded.on_hand`,
    )
      .bind(sku, slug, onHand)
      .run();
  }
}

/** The fields the product page's form posts, read from the page as a browser would submit them. */
function formFields(html: string): Record<string, string> {
  const form = html.slice(
    html.indexOf('class="staff-action staff-stock-form"'),
    html.indexOf("</form>", html.indexOf("staff-stock-form")),
  );
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/<input[^>]*>/g)) {
    const name = match[0].match(/name="([^"]*)"/)?.[1];
    const value = match[0].match(/value="([^"]*)"/)?.[1] ?? "";
    if (name) fields[name.replace(/&amp;/g, "&")] = value;
  }
  return fields;
}

async function openProduct(browser: Browser, slug: string) {
  const res = await browser.get(`/staff/products/${slug}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  return { html, fields: formFields(html) };
}

describe("who may set stock", () => {
  it("refuses a shopper with the desk's 403 and a visitor with sign-in, on the list, a product and both posts", async () => {
    const product = await productWithVariants(0);
    const [first] = product.skus;
    const before = await stockOf(first!.sku);
    const { browser: shopper } = await signedIn("authenticated");
    for (const [who, browser, page, post] of [
      ["shopper", shopper, 403, 403],
      ["visitor", new Browser(), 302, 303],
    ] as const) {
      expect((await browser.get("/staff/products")).status, who).toBe(page);
      const productPage = await browser.get(`/staff/products/${product.slug}`);
      expect(productPage.status, who).toBe(page);
      expect(await productPage.text()).not.toContain(first!.sku);
      const saved = await browser.post(
        `/staff/products/${product.slug}`,
        {
          shown: new Date().toISOString(),
          [`count:${first!.sku}`]: "77",
          [`seen:${first!.sku}`]: String(before ?? ""),
        },
        { from: null },
      );
      expect(saved.status, who).toBe(post);
      const imported = await browser.post("/staff/products", { csv: `${first!.sku},77` }, { from: null });
      expect(imported.status, who).toBe(post);
    }
    expect(await stockOf(first!.sku)).toBe(before);
  });
});

describe("a product's stock on the desk", () => {
  it("labels a field per shade with its name and SKU, saves a change with an audit row, and an empty field stops counting", async () => {
    const product = await productWithVariants(1);
    const [a, b, c] = product.skus;
    await setStock(a!.sku, product.slug, 0);
    await setStock(b!.sku, product.slug, 9);
    const { browser, account } = await signedIn("staff");
    const { html, fields } = await openProduct(browser, product.slug);
    for (const shade of product.skus) {
      expect(html).toMatch(
        new RegExp(`<label for="stock-\\d+">${shade.name} <span[^>]*>SKU ${shade.sku}</span></label>`),
      );
    }
    const versionBefore = await env.CMS_CACHE.get(STOCK_VERSION_KEY);
    // An emptied field is a count left out, not a choice to stop counting: nothing is saved.
    const emptied = await browser.post(
      `/staff/products/${product.slug}`,
      { ...fields, [`count:${a!.sku}`]: "12", [`count:${b!.sku}`]: "" },
      { from: null },
    );
    expect(emptied.status).toBe(422);
    expect(await emptied.text()).toContain("Enter the count, or tick “Stop counting” to sell it without a count.");
    expect(await stockOf(b!.sku)).toBe(9);
    expect(await stockOf(a!.sku)).toBe(0);
    const res = await browser.post(
      `/staff/products/${product.slug}`,
      { ...fields, [`count:${a!.sku}`]: "12", [`count:${b!.sku}`]: "", [`stop:${b!.sku}`]: "on" },
      { from: null },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/staff/products/${product.slug}`);
    expect(await stockOf(a!.sku)).toBe(12);
    expect(await stockOf(b!.sku)).toBeNull();
    if (c) expect(await stockOf(c.sku)).toBe(fields[`seen:${c.sku}`] === "" ? null : Number(fields[`seen:${c.sku}`]));
    const audit = (await auditOf("stock", product.slug)).slice(-2);
    expect(audit).toEqual([
      expect.objectContaining({ staffId: account.id, action: "set", before: { [a!.sku]: 0 }, after: { [a!.sku]: 12 } }),
      expect.objectContaining({
        staffId: account.id,
        action: "set",
        before: { [b!.sku]: 9 },
        after: { [b!.sku]: null },
      }),
    ]);
    // Sold out → 12 shows on every kept page: the stock version moved on.
    expect(await env.CMS_CACHE.get(STOCK_VERSION_KEY)).not.toBe(versionBefore);
    // React marks where text nodes meet with empty comments; a reader sees the text whole.
    const after = (await (await browser.get(`/staff/products/${product.slug}`)).text()).replace(/<!-- -->/g, "");
    expect(after).toContain(`Stock saved: ${a!.name} 12, ${b!.name} not counted.`);
    expect(after).toContain(`${a!.name} (${a!.sku}): 0 → 12`);
    expect(after).toContain(`${b!.name} (${b!.sku}): 9 → —`);
  });

  it("e-mails a shopper who asked to be told, once, when staff bring a sold-out shade back", async () => {
    const product = await productWithVariants(5);
    const [shade] = product.skus;
    await setStock(shade!.sku, product.slug, 0);
    const email = `waiting.${crypto.randomUUID().slice(0, 8)}@example.ae`;
    const now = new Date().toISOString();
    // A confirmed subscription, as the confirmation link leaves it (tests/worker/stock-alerts.test.ts covers the link).
    await env.DB.prepare(
      `INSERT INTO stock_alerts (sku, email, product_slug, product_path, item_name, status, confirm_hash, created_at,
         confirmation_sent_at, confirmed_at)
       VALUES (?1, ?2, ?3, ?4, ?5, 'confirmed', ?6, ?7, ?7, ?7)`,
    )
      .bind(
        shade!.sku,
        email,
        product.slug,
        `/catalog/makeup/${product.slug}`,
        `${product.name} — ${shade!.name}`,
        crypto.randomUUID(),
        now,
      )
      .run();
    const alerts = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?1 AND kind = 'restock-alert'")
        .bind(email)
        .first<{ n: number }>())!.n;
    const { browser } = await signedIn("staff");
    const save = async (count: string) => {
      const { fields } = await openProduct(browser, product.slug);
      const res = await browser.post(
        `/staff/products/${product.slug}`,
        { ...fields, [`count:${shade!.sku}`]: count },
        { from: null },
      );
      expect(res.status).toBe(303);
    };
    await save("4");
    expect(await alerts()).toBe(1);
    // Sold out and back again: the one alert was sent; nothing more.
    await save("0");
    await save("6");
    expect(await alerts()).toBe(1);
  });

  it("refuses a count that is not a whole number beside its field, and writes nothing", async () => {
    const product = await productWithVariants(2);
    const [a, b] = product.skus;
    await setStock(a!.sku, product.slug, 4);
    await setStock(b!.sku, product.slug, 4);
    const { browser } = await signedIn("staff");
    const { fields } = await openProduct(browser, product.slug);
    for (const bad of ["abc", "-3", "2.5", "12345678"]) {
      const res = await browser.post(
        `/staff/products/${product.slug}`,
        { ...fields, [`count:${a!.sku}`]: "6", [`count:${b!.sku}`]: bad },
        { from: null },
      );
      expect(res.status, bad).toBe(422);
      const html = await res.text();
      const field = html.slice(html.indexOf(`SKU ${b!.sku}`), html.indexOf(`SKU ${b!.sku}`) + 1200);
      expect(field, bad).toContain('aria-invalid="true"');
      expect(field, bad).toMatch(/Enter a whole number of 0 or more|At most 999,999/);
      expect(field, bad).toContain(`value="${bad}"`);
    }
    expect(await stockOf(a!.sku)).toBe(4);
    expect(await stockOf(b!.sku)).toBe(4);
  });

  it("refuses a save from an older copy of the page: changed by the other staff member, or by an order, meanwhile", async () => {
    const product = await productWithVariants(3);
    const [a] = product.skus;
    await setStock(a!.sku, product.slug, 10);
    const first = await signedIn("staff");
    const second = await signedIn("staff");
    const one = await openProduct(first.browser, product.slug);
    const two = await openProduct(second.browser, product.slug);
    expect(
      (
        await first.browser.post(
          `/staff/products/${product.slug}`,
          { ...one.fields, [`count:${a!.sku}`]: "11" },
          { from: null },
        )
      ).status,
    ).toBe(303);
    const stale = await second.browser.post(
      `/staff/products/${product.slug}`,
      { ...two.fields, [`count:${a!.sku}`]: "14" },
      { from: null },
    );
    expect(stale.status).toBe(409);
    const html = await stale.text();
    const staffName = (await auditOf("stock", product.slug)).at(-1)!.staffName;
    expect(html).toContain(`This stock was changed by ${staffName} meanwhile, so nothing was saved.`);
    // The page shows the count as it is now.
    expect(formFields(html)[`seen:${a!.sku}`]).toBe("11");
    expect(await stockOf(a!.sku)).toBe(11);
    expect(await auditOf("stock", product.slug)).toHaveLength(1);

    // An order takes one after the page was shown.
    const three = await openProduct(second.browser, product.slug);
    await env.DB.prepare("UPDATE stock_levels SET on_hand = on_hand - 1 WHERE sku = ?1").bind(a!.sku).run();
    const overtaken = await second.browser.post(
      `/staff/products/${product.slug}`,
      { ...three.fields, [`count:${a!.sku}`]: "20" },
      { from: null },
    );
    expect(overtaken.status).toBe(409);
    expect(await overtaken.text()).toContain("This stock was changed by an order meanwhile");
    expect(await stockOf(a!.sku)).toBe(10);
  });
});

/** The products of the list page in the order shown, each with the state of its lowest SKU. */
function listed(html: string): { slug: string; rank: number }[] {
  const rows = html.split('<tr><th scope="row">').slice(1);
  return rows.map((row) => {
    const slug = row.match(/href="\/staff\/products\/([^"]+)"/)![1]!;
    const cells = row.slice(0, row.indexOf("</tr>"));
    const rank = cells.includes("staff-stock__count--out")
      ? 0
      : cells.includes("staff-stock__count--low")
        ? 1
        : /class="staff-stock__count">/.test(cells)
          ? 2
          : 3;
    return { slug, rank };
  });
}

describe("the products list", () => {
  it("puts sold out first, then few left, then the rest, then the uncounted; finds by name or SKU", async () => {
    const soldOut = await productWithVariants(4);
    const few = await productWithVariants(5);
    for (const shade of soldOut.skus) await setStock(shade.sku, soldOut.slug, 7);
    await setStock(soldOut.skus[0]!.sku, soldOut.slug, 0);
    for (const shade of few.skus) await setStock(shade.sku, few.slug, 30);
    await setStock(few.skus[1]!.sku, few.slug, 2);
    const { browser } = await signedIn("staff");
    const res = await browser.get("/staff/products");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<a href="/staff/products" aria-current="page">Products</a>');
    const firstPage = listed(html);
    expect(firstPage).toHaveLength(20);
    expect(firstPage[0]!.rank).toBe(0);
    const ranks = firstPage.map((row) => row.rank);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));

    // Every page, in order: ranks never go back down.
    const total = Number(html.match(/(\d+) products, low stock first/)![1]);
    const all = [...firstPage];
    for (let page = 2; all.length < total; page++) {
      all.push(...listed(await (await browser.get(`/staff/products?page=${page}`)).text()));
    }
    expect(all.map((row) => row.rank)).toEqual(all.map((row) => row.rank).sort((x, y) => x - y));
    const position = (slug: string) => all.findIndex((row) => row.slug === slug);
    expect(all[position(soldOut.slug)]!.rank).toBe(0);
    expect(all[position(few.slug)]!.rank).toBe(1);

    const bySku = listed(await (await browser.get(`/staff/products?q=${few.skus[1]!.sku.toLowerCase()}`)).text());
    expect(bySku.map((row) => row.slug)).toEqual([few.slug]);
    const byName = listed(await (await browser.get(`/staff/products?q=${encodeURIComponent(soldOut.name)}`)).text());
    expect(byName.map((row) => row.slug)).toContain(soldOut.slug);
    const onlyOut = listed(await (await browser.get("/staff/products?show=out")).text());
    expect(onlyOut.every((row) => row.rank === 0)).toBe(true);
    expect(onlyOut.map((row) => row.slug)).toContain(soldOut.slug);
  });
});

describe("a delivery's CSV", () => {
  it("is checked whole first: every problem with its line number, nothing written", async () => {
    const product = await productWithVariants(6);
    const [a, b] = product.skus;
    await setStock(a!.sku, product.slug, 1);
    await setStock(b!.sku, product.slug, 1);
    const productSku = (await env.DB.prepare("SELECT sku FROM cms_products WHERE slug = ?1")
      .bind(product.slug)
      .first<{ sku: string }>())!.sku;
    const { browser } = await signedIn("staff");
    const csv = [
      "sku,on_hand",
      `${a!.sku},25`,
      "NO-SUCH-SKU,3",
      `${b!.sku},-2`,
      `${b!.sku},4.5`,
      `${a!.sku},30`,
      "",
      `${productSku},5`,
      "just-one-value",
    ].join("\n");
    const res = await browser.post("/staff/products", { csv, mode: "set" }, { from: null });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Line 3: no product or variant in the shop has the SKU NO-SUCH-SKU.");
    expect(html).toContain("Line 4: “-2” is not a whole number of 0 or more.");
    expect(html).toContain("Line 5: “4.5” is not a whole number of 0 or more.");
    expect(html).toContain(`Line 5: ${b!.sku} is already on line 4; give each SKU once.`);
    expect(html).toContain(`Line 6: ${a!.sku} is already on line 2; give each SKU once.`);
    expect(html).toContain(`Line 8: ${productSku} is ${product.name.replace(/'/g, "&#x27;")}&#x27;s own SKU`);
    expect(html).toContain("Line 9: write two values");
    expect(html).not.toContain("Line 2:");
    // The lines come back to be fixed.
    expect(html).toContain("NO-SUCH-SKU,3");
    expect(await stockOf(a!.sku)).toBe(1);
    expect(await stockOf(b!.sku)).toBe(1);

    expect((await browser.post("/staff/products", { csv: "  ", mode: "add" }, { from: null })).status).toBe(422);
  });

  it("takes a SKU in any case, previews the shop's own spelling and sets it; the same SKU twice in two cases is one SKU", async () => {
    const product = await productWithVariants(6);
    const [a] = product.skus;
    await setStock(a!.sku, product.slug, 2);
    const { browser } = await signedIn("staff");
    const lower = a!.sku.toLowerCase();
    expect(lower).not.toBe(a!.sku);
    const twice = await browser.post(
      "/staff/products",
      { csv: `${lower},5\n${a!.sku},6`, mode: "set" },
      { from: null },
    );
    expect(twice.status).toBe(422);
    expect(await twice.text()).toContain(`Line 2: ${a!.sku} is already on line 1; give each SKU once.`);
    const previewed = await browser.post(
      "/staff/products",
      { csv: `sku,on_hand\n${lower},9`, mode: "set" },
      { from: null },
    );
    expect(previewed.status).toBe(200);
    const preview = await previewed.text();
    expect(preview).toContain(`<code>${a!.sku}</code>`);
    expect(preview).not.toContain(`<code>${lower}</code>`);
    expect(await stockOf(a!.sku)).toBe(2);
    expect((await browser.post("/staff/products", confirmFields(preview), { from: null })).status).toBe(303);
    expect(await stockOf(a!.sku)).toBe(9);
  });

  it("then sets them all in one batch with an audit row each, and says how many changed", async () => {
    const product = await productWithVariants(7);
    const [a, b, c] = product.skus;
    await setStock(a!.sku, product.slug, 0);
    await setStock(b!.sku, product.slug, 3);
    if (c) await setStock(c.sku, product.slug, null);
    const { browser, account } = await signedIn("staff");
    const csv = [`${a!.sku},24`, `"${b!.sku}";3`, ...(c ? [`${c.sku},6`] : [])].join("\r\n");
    const form = new FormData();
    form.set("csv", "");
    form.set("mode", "set");
    form.set("file", new File([`\uFEFFsku,on_hand\r\n${csv}\r\n`], "delivery.csv", { type: "text/csv" }));
    const previewed = await browser.postMultipart("/staff/products", form, "/staff/products");
    expect(previewed.status).toBe(200);
    expect(await stockOf(a!.sku)).toBe(0);
    const res = await browser.post("/staff/products", confirmFields(await previewed.text()), { from: null });
    expect(res.status).toBe(303);
    expect(await stockOf(a!.sku)).toBe(24);
    expect(await stockOf(b!.sku)).toBe(3);
    if (c) expect(await stockOf(c.sku)).toBe(6);
    const changed = c ? 2 : 1;
    const page = await (await browser.get("/staff/products")).text();
    expect(page).toContain(`Stock counts set: ${changed} SKU${changed === 1 ? "" : "s"} changed, 1 already was right.`);
    const audit = await auditOf("stock", product.slug);
    expect(audit.filter((row) => row.action === "import")).toEqual([
      expect.objectContaining({ staffId: account.id, before: { [a!.sku]: 0 }, after: { [a!.sku]: 24 } }),
      ...(c ? [expect.objectContaining({ before: { [c.sku]: null }, after: { [c.sku]: 6 } })] : []),
    ]);
  });
});
