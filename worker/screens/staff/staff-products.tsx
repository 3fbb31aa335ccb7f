import type { Context } from "hono";
import { routePath } from "../../../shared/routes";
import { LOW_STOCK_AT } from "../../../shared/stock-rules";
import { siteOrigin } from "../../frame/head/site-origin";
import { FlashMessage, setFlash, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import { type StockSet, writeStockSets } from "../../platform/stock/stock-desk-store";
import { afterStockWrite } from "../../platform/stock/stock-moves";
import { readStock } from "../../platform/stock/stock-store";
import { Pager, pageNumber } from "../../shop/listing/pager";
import { renderStaffPage, StaffFilterSelect, StaffNav, StaffTableFrame } from "./staff-page";
import { type ImportRow, parseStockCsv } from "./stock-import";
import {
  catalogueStock,
  findStock,
  lowStockFirst,
  type ProductStock,
  STOCK_FILTERS,
  type StockFilter,
  type StockItem,
  skuIndex,
} from "./stock-levels";

/**
 * `/staff/products`: every product of the CMS with its shades or sizes and what is on hand, low
 * stock first, searchable by name or SKU; and the CSV import of a delivery (`POST`).
 */
const PER_PAGE = 20;

export function stockWords(onHand: number | undefined): string {
  if (onHand === undefined) return "Not counted";
  if (onHand <= 0) return "0 · sold out";
  return onHand <= LOW_STOCK_AT ? `${onHand} · few left` : String(onHand);
}

function stockClass(onHand: number | undefined): string {
  if (onHand === undefined) return "staff-stock__count staff-stock__count--uncounted";
  if (onHand <= 0) return "staff-stock__count staff-stock__count--out";
  return onHand <= LOW_STOCK_AT ? "staff-stock__count staff-stock__count--low" : "staff-stock__count";
}

export function StockCount({ onHand }: { onHand: number | undefined }) {
  return <span className={stockClass(onHand)}>{stockWords(onHand)}</span>;
}

function Items({ items }: { items: StockItem[] }) {
  return (
    <ul className="staff-stock">
      {items.map((item) => (
        <li key={item.sku}>
          <span className="staff-stock__name">
            {`${item.variant ?? "One item"} `}
            <code className="staff-stock__sku">{item.sku}</code>
          </span>
          <StockCount onHand={item.onHand} />
        </li>
      ))}
    </ul>
  );
}

function readQuery(c: Context<AppEnv>): { q: string; show?: StockFilter } {
  const q = (c.req.query("q") ?? "").slice(0, 100);
  const show = c.req.query("show") ?? "";
  return show in STOCK_FILTERS ? { q, show: show as StockFilter } : { q };
}

interface ImportState {
  errors?: string[];
  csv?: string;
  alert?: string;
}

function ImportForm({ state }: { state: ImportState }) {
  const errors = state.errors ?? [];
  return (
    <form
      method="post"
      action={routePath("staff-products")}
      encType="multipart/form-data"
      className="staff-action staff-stock-import"
      noValidate
    >
      <h2 id="import">Import a delivery</h2>
      <p className="muted">
        One SKU and its number on hand a line, e.g. <code>LIP-ROSEWOOD,12</code>; a first line <code>sku,on_hand</code>{" "}
        is skipped. Every line is checked first: with any mistake nothing is changed.
      </p>
      {errors.length > 0 && (
        <div className="notice notice--error" role="alert" id="import-errors">
          <p>
            Nothing was imported: {errors.length === 1 ? "one line needs" : `${errors.length} problems need`} fixing.
          </p>
          <ul>
            {errors.slice(0, 50).map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
          {errors.length > 50 && <p>…and {errors.length - 50} more.</p>}
        </div>
      )}
      <div className={`field${errors.length > 0 ? " field--invalid" : ""}`}>
        <label htmlFor="import-csv">Lines (sku,on_hand)</label>
        <textarea
          id="import-csv"
          name="csv"
          rows={6}
          spellCheck={false}
          aria-describedby={errors.length > 0 ? "import-errors" : undefined}
          aria-invalid={errors.length > 0 ? true : undefined}
          defaultValue={state.csv ?? ""}
        />
      </div>
      <div className="field">
        <label htmlFor="import-file">Or a CSV file</label>
        <input id="import-file" name="file" type="file" accept=".csv,text/csv,text/plain" />
      </div>
      <button type="submit" className="button">
        Import stock
      </button>
    </form>
  );
}

async function renderProducts(c: Context<AppEnv>, state: ImportState = {}, status: 200 | 409 | 422 = 200) {
  const all = await catalogueStock(c);
  if (!all) return catalogueUnavailable(c);
  const query = readQuery(c);
  const found = lowStockFirst(findStock(all, query));
  const pages = Math.max(1, Math.ceil(found.length / PER_PAGE));
  const page = Math.min(pageNumber(c.req.query("page")) ?? 1, pages);
  const shown = found.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const flash = takeFlash(c);
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Record<string, string>;
  return renderStaffPage(
    c,
    {
      title: "Products and stock · Staff",
      body: (
        <section className="container page-section staff">
          <StaffNav current="products" />
          <FlashMessage flash={flash} />
          {state.alert && (
            <div className="notice notice--error" role="alert">
              {state.alert}
            </div>
          )}
          <h1>Products and stock</h1>
          <p className="lead">
            Sold out and few left first. A SKU without a number is sold without counting; a product page sets its
            counts.
          </p>
          <form method="get" action={routePath("staff-products")} className="staff-filter">
            <div className="field staff-filter__search">
              <label htmlFor="products-q">Name or SKU</label>
              <input id="products-q" name="q" type="search" defaultValue={query.q} maxLength={100} />
            </div>
            <StaffFilterSelect
              form="products"
              name="show"
              label="Show"
              value={query.show}
              options={Object.entries(STOCK_FILTERS)}
            />
            <div className="staff-filter__actions">
              <button type="submit" className="button">
                Find products
              </button>
              <a href={routePath("staff-products")}>Clear</a>
            </div>
          </form>
          <p className="muted" role="status">
            {found.length === 0
              ? "No products match."
              : `${found.length} product${found.length === 1 ? "" : "s"}, low stock first.`}
          </p>
          {shown.length > 0 && (
            <StaffTableFrame label="Products found">
              <table className="staff-table staff-table--stack staff-table--stock">
                <caption className="visually-hidden">Products and their stock</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Stock on hand</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((product) => (
                    <ProductRow key={product.slug} product={product} />
                  ))}
                </tbody>
              </table>
            </StaffTableFrame>
          )}
          <Pager
            base={routePath("staff-products")}
            query={params}
            page={page}
            pageCount={pages}
            around={2}
            label="Pages of products"
          />
          <ImportForm state={state} />
        </section>
      ),
    },
    status,
  );
}

function ProductRow({ product }: { product: ProductStock }) {
  return (
    <tr>
      <th scope="row">
        <a href={routePath("staff-product", { slug: product.slug })}>{product.name}</a>
        {product.brand && <span className="staff-table__sub">{product.brand}</span>}
      </th>
      <td data-label="Stock on hand">
        <Items items={product.items} />
      </td>
    </tr>
  );
}

export function catalogueUnavailable(c: Context<AppEnv>): Promise<Response> {
  return renderStaffPage(
    c,
    {
      title: "Products and stock · Staff",
      body: (
        <section className="container page-section staff">
          <StaffNav current="products" />
          <h1>Products and stock</h1>
          <p className="lead" role="alert">
            The catalogue could not be read just now, so stock cannot be shown or changed. Please try again in a minute.
          </p>
        </section>
      ),
    },
    503,
  );
}

export async function productsPage(c: Context<AppEnv>): Promise<Response> {
  return renderProducts(c);
}

/** The CSV from the file, else from the text box; a message when there is neither or the file is no text. */
async function importText(form: Awaited<ReturnType<typeof readFormBody>>): Promise<string | { problem: string }> {
  const file = form.file;
  if (file instanceof File && file.size > 0) {
    const text = await file.text();
    return text.includes("\u0000") ? { problem: "That file is not a CSV text file." } : text;
  }
  const typed = textFields(form).csv ?? "";
  return typed.trim() === "" ? { problem: "Paste the lines or choose a CSV file first." } : typed;
}

/** Sets what the rows say, against the stock as it is; retried when an order moves a count in between. */
async function importRows(c: Context<AppEnv>, rows: ImportRow[], owner: (sku: string) => ProductStock | undefined) {
  const staff = c.get("staff");
  if (!staff) throw new Error("The staff desk's actions run behind staffOnly");
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
    if (await writeStockSets(c.env.DB, { actor: { id: staff.id, name: staff.name }, kind: "import", sets })) {
      return sets;
    }
  }
  return null;
}

export async function postProducts(c: Context<AppEnv>): Promise<Response> {
  const form = await readFormBody(c);
  const text = await importText(form);
  if (typeof text !== "string") return renderProducts(c, { errors: [text.problem] }, 422);
  const kept = form.file instanceof File && form.file.size > 0 ? "" : text;
  const products = await catalogueStock(c);
  if (!products) return catalogueUnavailable(c);
  const index = skuIndex(products);
  const parsed = parseStockCsv(text, index.check);
  if (!parsed.ok) return renderProducts(c, { errors: parsed.errors, csv: kept }, 422);
  const sets = await importRows(c, parsed.rows, index.owner);
  if (!sets) {
    return renderProducts(
      c,
      {
        csv: kept,
        alert: "Orders kept changing these counts while they were imported: nothing was changed. Try again.",
      },
      409,
    );
  }
  await afterStockWrite(
    c.env,
    sets.map((set) => ({ sku: set.sku, before: set.before ?? undefined, after: set.after ?? undefined })),
    siteOrigin(c),
  );
  const same = parsed.rows.length - sets.length;
  setFlash(c, {
    kind: "success",
    text: `Stock imported: ${sets.length} SKU${sets.length === 1 ? "" : "s"} changed${
      same > 0 ? `, ${same} already ${same === 1 ? "was" : "were"} right` : ""
    }.`,
  });
  return c.redirect(routePath("staff-products"), 303);
}
