import type { Context } from "hono";
import type { Availability } from "../../../../shared/cart-rules";
import { routePath } from "../../../../shared/links";
import { LOW_STOCK_AT } from "../../../../shared/stock-rules";
import type { AppEnv } from "../../../platform/app-env";
import { pageNumber } from "../../../shop/listing/pager";
import { renderStaffList, StaffFilterForm, StaffFilterSelects, StaffPagedTable, StaffRow } from "../desk/staff-list";
import { ImportForm } from "./import-form";
import { type ImportState, importAnswered } from "./import-state";
import {
  catalogueStock,
  findStock,
  lowStockFirst,
  type ProductStock,
  STOCK_FILTERS,
  type StockFilter,
  type StockItem,
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

/** What the shop shows a shopper, in the shop's words (the one stock truth, decision 0107). */
const SHOP_SHOWS: Record<Availability, string> = {
  in_stock: "shop: in stock",
  prepurchase: "shop: pre-order",
  out_of_stock: "shop: out of stock",
  none: "shop: out of stock",
};

export function StockCount({ onHand, shop }: { onHand: number | undefined; shop: Availability }) {
  return (
    <>
      <span className={stockClass(onHand)}>{stockWords(onHand)}</span>{" "}
      <span className="staff-stock__shop">{`· ${SHOP_SHOWS[shop]}`}</span>
    </>
  );
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
          <StockCount onHand={item.onHand} shop={item.shop} />
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

export async function renderProducts(c: Context<AppEnv>, state: ImportState = {}, status: 200 | 409 | 422 = 200) {
  const all = await catalogueStock(c);
  if (!all) return catalogueUnavailable(c);
  const query = readQuery(c);
  const found = lowStockFirst(findStock(all, query));
  const pages = Math.max(1, Math.ceil(found.length / PER_PAGE));
  const page = Math.min(pageNumber(c.req.query("page")) ?? 1, pages);
  const shown = found.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const answered = importAnswered(state);
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Record<string, string>;
  return renderStaffList(
    c,
    {
      title: "Products and stock · Staff",
      section: "products",
      body: (
        <>
          <h1>Products and stock</h1>
          <p className="lead">
            Sold out and few left first. A SKU without a number is sold without counting; a product page sets its
            counts.
          </p>
          {/* Answering an import, its section comes first: its problems or preview where the phone shows them. */}
          {answered && <ImportForm state={state} />}
          <StaffFilterForm action={routePath("staff-products")} submit="Find products">
            <div className="field staff-filter__search">
              <label htmlFor="products-q">Name or SKU</label>
              <input id="products-q" name="q" type="search" defaultValue={query.q} maxLength={100} />
            </div>
            <StaffFilterSelects
              form="products"
              values={query}
              selects={[{ name: "show", label: "Show", options: Object.entries(STOCK_FILTERS) }]}
            />
          </StaffFilterForm>
          <p className="muted" role="status">
            {found.length === 0
              ? "No products match."
              : `${found.length} product${found.length === 1 ? "" : "s"}, low stock first.`}
          </p>
          <StaffPagedTable
            table={{
              label: "Products found",
              caption: "Products and their stock",
              className: "staff-table--stack staff-table--stock",
              columns: ["Product", "Stock on hand"],
            }}
            rows={shown.map((product) => <ProductRow key={product.slug} product={product} />)}
            pager={{
              base: routePath("staff-products"),
              query: params,
              page,
              pageCount: pages,
              label: "Pages of products",
            }}
          />
          {!answered && <ImportForm state={state} />}
        </>
      ),
    },
    status,
  );
}

function ProductRow({ product }: { product: ProductStock }) {
  const href = routePath("staff-product", { slug: product.slug });
  return (
    <StaffRow href={href} title={product.name} sub={product.brand}>
      <td data-label="Stock on hand">
        <Items items={product.items} />
      </td>
    </StaffRow>
  );
}

export function catalogueUnavailable(c: Context<AppEnv>): Promise<Response> {
  return renderStaffList(
    c,
    {
      title: "Products and stock · Staff",
      section: "products",
      body: (
        <>
          <h1>Products and stock</h1>
          <p className="lead" role="alert">
            The catalogue could not be read just now, so stock cannot be shown or changed. Please try again in a minute.
          </p>
        </>
      ),
    },
    503,
  );
}

export async function productsPage(c: Context<AppEnv>): Promise<Response> {
  return renderProducts(c);
}
