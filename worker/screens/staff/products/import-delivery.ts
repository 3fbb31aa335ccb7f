import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import type { Actor } from "../../../platform/audit/staff-audit-store";
import { type FormBody, textFields } from "../../../platform/forms/form-guard";
import { type StockSet, writeStockSets } from "../../../platform/stock/stock-desk-store";
import { readStock } from "../../../platform/stock/stock-store";
import { listAction } from "../desk/desk-action";
import { catalogueUnavailable, renderProducts } from "./staff-products";
import { type ImportRow, parseStockCsv } from "./stock-import";
import { afterDeskStockWrite, catalogueStock, type ProductStock, skuIndex } from "./stock-levels";

/*
 * `POST /staff/products`: a delivery's CSV (stock-import.ts checks every line first), set in one
 * write against the counts as they are.
 */

/** The CSV from the file, else from the text box; a message when there is neither or the file is no text. */
async function importText(form: FormBody): Promise<string | { problem: string }> {
  const file = form.file;
  if (file instanceof File && file.size > 0) {
    const text = await file.text();
    return text.includes("\u0000") ? { problem: "That file is not a CSV text file." } : text;
  }
  const typed = textFields(form).csv ?? "";
  return typed.trim() === "" ? { problem: "Paste the lines or choose a CSV file first." } : typed;
}

/** Sets what the rows say, against the stock as it is; retried when an order moves a count in between. */
async function importRows(
  c: Context<AppEnv>,
  actor: Actor,
  rows: ImportRow[],
  owner: (sku: string) => ProductStock | undefined,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const stock = await readStock(
      c.env.DB,
      rows.map((row) => row.sku),
    );
    const sets: StockSet[] = rows
      .filter((row) => stock.get(row.sku) !== row.onHand)
      .map((row) => ({
        sku: row.sku,
        productSlug: owner(row.sku)!.slug,
        before: stock.get(row.sku) ?? null,
        after: row.onHand,
      }));
    if (await writeStockSets(c.env.DB, { actor, kind: "import", sets })) return sets;
  }
  return null;
}

export const postProducts = listAction(renderProducts, async ({ c, body, actor }) => {
  const text = await importText(body);
  if (typeof text !== "string") return { again: { errors: [text.problem] }, status: 422 };
  const kept = body.file instanceof File && body.file.size > 0 ? "" : text;
  const products = await catalogueStock(c);
  if (!products) return { response: await catalogueUnavailable(c) };
  const index = skuIndex(products);
  const parsed = parseStockCsv(text, index.check);
  if (!parsed.ok) return { again: { errors: parsed.errors, csv: kept }, status: 422 };
  const sets = await importRows(c, actor, parsed.rows, index.owner);
  if (!sets) {
    const alert = "Orders kept changing these counts while they were imported: nothing was changed. Try again.";
    return { again: { csv: kept, alert }, status: 409 };
  }
  await afterDeskStockWrite(c, sets);
  const same = parsed.rows.length - sets.length;
  const imported = `Stock imported: ${sets.length} SKU${sets.length === 1 ? "" : "s"} changed${
    same > 0 ? `, ${same} already ${same === 1 ? "was" : "were"} right` : ""
  }.`;
  return { done: { kind: "success", text: imported }, to: routePath("staff-products") };
});
