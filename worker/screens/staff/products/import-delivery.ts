import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import { siteOrigin } from "../../../frame/head/site-origin";
import type { Flash } from "../../../frame/personal/personal-fragment";
import type { AppEnv } from "../../../platform/app-env";
import type { Actor } from "../../../platform/audit/staff-audit-store";
import { type FormBody, textFields } from "../../../platform/forms/form-guard";
import { addDelivery } from "../../../platform/stock/stock-delivery-store";
import { importTokenUsed, type StockSet, writeStockSets } from "../../../platform/stock/stock-desk-store";
import { afterStockWrite } from "../../../platform/stock/stock-moves";
import { readStock } from "../../../platform/stock/stock-store";
import { listAction } from "../desk/desk-action";
import { IMPORT_MODES, type ImportMode, type ImportState, type PreviewLine } from "./import-state";
import { catalogueUnavailable, renderProducts } from "./staff-products";
import { type ImportRow, parseStockCsv } from "./stock-import";
import { afterDeskStockWrite, catalogueStock, type ProductStock, skuIndex } from "./stock-levels";

/*
 * `POST /staff/products`: a delivery's CSV in two steps (decision 0107). The first post checks every
 * line (stock-import.ts) and answers a preview, before → after per line, with a confirm form carrying
 * the same lines and a new import token; the confirm post writes them once: a delivery adds to what is
 * on hand, a count sets it, and the same token posted again writes nothing.
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

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Sets what the rows say, against the stock as it is; retried when an order moves a count in between. */
async function setRows(
  c: Context<AppEnv>,
  actor: Actor,
  rows: ImportRow[],
  owner: (sku: string) => ProductStock | undefined,
  token: string,
): Promise<StockSet[] | "repeat" | null> {
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
    if (await writeStockSets(c.env.DB, { actor, kind: "import", sets, token })) return sets;
    if (await importTokenUsed(c.env.DB, token)) return "repeat";
  }
  return null;
}

/** Each line's count now and after the import, named as the desk names it. */
async function preview(
  c: Context<AppEnv>,
  mode: ImportMode,
  rows: ImportRow[],
  owner: (sku: string) => ProductStock | undefined,
): Promise<PreviewLine[]> {
  const stock = await readStock(
    c.env.DB,
    rows.map((row) => row.sku),
  );
  return rows.map((row) => {
    const product = owner(row.sku)!;
    const variant = product.items.find((item) => item.sku === row.sku)?.variant;
    const before = stock.get(row.sku) ?? null;
    return {
      sku: row.sku,
      name: variant ? `${product.name} — ${variant}` : product.name,
      before,
      number: row.onHand,
      after: mode === "add" ? (before ?? 0) + row.onHand : row.onHand,
    };
  });
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export const postProducts = listAction<ImportState>(renderProducts, async ({ c, body, form, actor }) => {
  const mode = form.mode && form.mode in IMPORT_MODES ? (form.mode as ImportMode) : null;
  const text = await importText(body);
  const kept = body.file instanceof File && body.file.size > 0 ? "" : typeof text === "string" ? text : "";
  const problems = [
    ...(mode ? [] : ["Choose what the numbers are: a delivery to add, or counts to set."]),
    ...(typeof text === "string" ? [] : [text.problem]),
  ];
  if (problems.length > 0 || typeof text !== "string" || !mode) {
    return { again: { errors: problems, csv: kept, mode: mode ?? undefined }, status: 422 };
  }
  const products = await catalogueStock(c);
  if (!products) return { response: await catalogueUnavailable(c) };
  const index = skuIndex(products);
  const parsed = parseStockCsv(text, index.check);
  if (!parsed.ok) return { again: { errors: parsed.errors, csv: kept, mode }, status: 422 };
  const lines = parsed.rows.map((row) => `${row.sku},${row.onHand}`).join("\n");

  if (form.step !== "confirm") {
    const shown = await preview(c, mode, parsed.rows, index.owner);
    const state: ImportState = { csv: lines, mode, preview: { lines: shown, token: crypto.randomUUID() } };
    return { response: await renderProducts(c, state, 200) };
  }
  const token = form.token ?? "";
  if (!TOKEN.test(token)) {
    return { again: { errors: ["Preview the lines first, then confirm them."], csv: lines, mode }, status: 422 };
  }
  const repeat: Flash = { kind: "info", text: "This import was written already: nothing was added or set twice." };
  if (mode === "add") {
    const delivery = parsed.rows
      .filter((row) => row.onHand > 0)
      .map((row) => ({ sku: row.sku, productSlug: index.owner(row.sku)!.slug, quantity: row.onHand }));
    const written = await addDelivery(c.env.DB, { actor, token, lines: delivery });
    if (!written.written) return { done: repeat, to: routePath("staff-products") };
    await afterStockWrite(c.env, written.moves, siteOrigin(c));
    const units = delivery.reduce((sum, line) => sum + line.quantity, 0);
    const added = `Delivery added: ${plural(units, "unit")} to ${plural(delivery.length, "SKU")}.`;
    return { done: { kind: "success", text: added }, to: routePath("staff-products") };
  }
  const sets = await setRows(c, actor, parsed.rows, index.owner, token);
  if (sets === "repeat") return { done: repeat, to: routePath("staff-products") };
  if (!sets) {
    const alert = "Orders kept changing these counts while they were imported: nothing was changed. Try again.";
    return { again: { csv: lines, mode, alert }, status: 409 };
  }
  await afterDeskStockWrite(c, sets);
  const same = parsed.rows.length - sets.length;
  const imported = `Stock counts set: ${sets.length} SKU${sets.length === 1 ? "" : "s"} changed${
    same > 0 ? `, ${same} already ${same === 1 ? "was" : "were"} right` : ""
  }.`;
  return { done: { kind: "success", text: imported }, to: routePath("staff-products") };
});
