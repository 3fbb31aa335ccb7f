import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { auditOf, signedIn } from "./support/staff-session";
import { confirmFields } from "./support/stock-import";

/**
 * "Import a delivery" on the staff desk (decision 0107): a delivery adds to what is on hand, counts set
 * it; the first post previews every line before → after and writes nothing; the confirm writes once,
 * however often it is posted; a failed import says so at the top of the import, focused.
 */
const FOUNDATION = "velvet-hue-tools-long-wear-foundation";

async function stockOf(sku: string): Promise<number | null> {
  const row = await env.DB.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1")
    .bind(sku)
    .first<{ on_hand: number }>();
  return row?.on_hand ?? null;
}

async function setStock(sku: string, onHand: number | null): Promise<void> {
  if (onHand === null) await env.DB.prepare("DELETE FROM stock_levels WHERE sku = ?1").bind(sku).run();
  else
    await env.DB.prepare(
      `INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, ?3)
       ON CONFLICT (sku) DO UPDATE SET on_hand = excluded.on_hand`,
    )
      .bind(sku, FOUNDATION, onHand)
      .run();
}

/** A shade of the seed's foundation (its SKUs differ by product number; read, not guessed). */
async function shade(n: number): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT v.sku FROM cms_product_variants v JOIN cms_products p ON p.id = v.product_id
     WHERE p.slug = ?1 ORDER BY v.position LIMIT 1 OFFSET ?2`,
  )
    .bind(FOUNDATION, n)
    .first<{ sku: string }>();
  return row!.sku;
}

describe("a delivery adds; counts set", () => {
  it("previews 24 → 36 for a delivery of 12 and writes nothing until confirmed, then adds once however often it is posted", async () => {
    const sku = await shade(0);
    const fresh = await shade(1);
    await setStock(sku, 24);
    await setStock(fresh, null);
    const { browser, account } = await signedIn("staff");
    const preview = await browser.post(
      "/staff/products",
      { mode: "add", csv: `${sku},12\n${fresh},5` },
      { from: null },
    );
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("Adds 17 units to 2 SKUs");
    const cell = '<td class="staff-table__num">';
    expect(html).toMatch(
      new RegExp(`<code>${sku}</code><span[^>]*>[^<]+</span></th>${cell}24</td>${cell}\\+12</td>${cell}36</td>`),
    );
    expect(html).toMatch(
      new RegExp(
        `<code>${fresh}</code><span[^>]*>[^<]+</span></th>${cell}Not counted</td>${cell}\\+5</td>${cell}5</td>`,
      ),
    );
    expect(await stockOf(sku)).toBe(24);

    const fields = confirmFields(html);
    expect(fields).toMatchObject({ step: "confirm", mode: "add", csv: `${sku},12\n${fresh},5` });
    const [first, second] = await Promise.all([
      browser.post("/staff/products", fields, { from: null }),
      browser.post("/staff/products", fields, { from: null }),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(await stockOf(sku)).toBe(36);
    expect(await stockOf(fresh)).toBe(5);
    const again = await browser.post("/staff/products", fields, { from: null });
    expect(again.status).toBe(303);
    expect(await stockOf(sku)).toBe(36);
    const page = await (await browser.get("/staff/products")).text();
    expect(page).toContain("This import was written already: nothing was added or set twice.");
    const audit = (await auditOf("stock", FOUNDATION)).filter((row) => row.action === "delivery");
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ staffId: account.id, before: { [sku]: 24 }, after: { [sku]: 36 } }),
        expect.objectContaining({ before: { [fresh]: null }, after: { [fresh]: 5 } }),
      ]),
    );
    expect(audit).toHaveLength(2);
  });

  it("sets a count when the numbers are counts: 24 becomes 12", async () => {
    const sku = await shade(2);
    await setStock(sku, 24);
    const { browser } = await signedIn("staff");
    const preview = await browser.post("/staff/products", { mode: "set", csv: `${sku},12` }, { from: null });
    const html = await preview.text();
    expect(html).toContain("Sets the count of 1 SKU");
    expect(html).toMatch(/>24<\/td><td class="staff-table__num">12<\/td><td class="staff-table__num">12</);
    expect(await stockOf(sku)).toBe(24);
    const fields = confirmFields(html);
    expect((await browser.post("/staff/products", fields, { from: null })).status).toBe(303);
    expect(await stockOf(sku)).toBe(12);
    await setStock(sku, 20);
    // The same confirm again is the same import: it does not set 12 over a count made since.
    expect((await browser.post("/staff/products", fields, { from: null })).status).toBe(303);
    expect(await stockOf(sku)).toBe(20);
  });

  it("refuses a confirm without the preview's token, and one that does not say what the numbers are", async () => {
    const sku = await shade(3);
    await setStock(sku, 7);
    const { browser } = await signedIn("staff");
    const noToken = await browser.post(
      "/staff/products",
      { step: "confirm", mode: "add", csv: `${sku},3` },
      { from: null },
    );
    expect(noToken.status).toBe(422);
    expect(await noToken.text()).toContain("Preview the lines first, then confirm them.");
    const noMode = await browser.post("/staff/products", { csv: `${sku},3` }, { from: null });
    expect(noMode.status).toBe(422);
    expect(await noMode.text()).toContain("Choose what the numbers are: a delivery to add, or counts to set.");
    expect(await stockOf(sku)).toBe(7);
  });
});

describe("a failed import", () => {
  it("says so at the top of the page, in the import's section before the product list, focused", async () => {
    const { browser } = await signedIn("staff");
    const res = await browser.post("/staff/products", { mode: "add", csv: "NO-SUCH-SKU,3" }, { from: null });
    expect(res.status).toBe(422);
    const html = await res.text();
    const summary = html.indexOf('id="import-errors"');
    expect(summary).toBeGreaterThan(0);
    expect(summary).toBeLessThan(html.indexOf("Products found"));
    expect(summary).toBeLessThan(html.indexOf('id="import-csv"'));
    expect(html).toMatch(
      /<div class="notice notice--error" role="alert" id="import-errors" tabindex="-1" autofocus="">/,
    );
    expect(html).toContain("Line 1: no product or variant in the shop has the SKU NO-SUCH-SKU.");
  });
});
