import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import { getProduct } from "../../../platform/cms-client/catalog-records";
import { STOCK_AUDIT_KIND, type StockSet, writeStockSets } from "../../../platform/stock/stock-desk-store";
import { readStock } from "../../../platform/stock/stock-store";
import { type DeskRecord, recordAction } from "../desk/desk-action";
import { DeskField } from "../desk/desk-field";
import type { AuditWords } from "../desk/staff-audit";
import { renderStaffMessage } from "../desk/staff-page";
import { DeskForm, type RecordFrame, renderStaffRecord } from "../desk/staff-record";
import { StockCount } from "./staff-products";
import { STOCK_MAX, wholeCount } from "./stock-import";
import { afterDeskStockWrite, type ProductStock, stockSkusOf, withStock } from "./stock-levels";

/**
 * `/staff/products/{slug}`: a number on hand for each shade or size (or the product's own SKU),
 * empty for "not counted". The form carries the counts it showed; a save changes only the SKUs
 * whose field was changed, and is refused ("changed by … meanwhile") when any of them is no
 * longer at the count shown — another staff member saved, or an order took or gave back stock.
 */
const SLUG = /^[a-z0-9][a-z0-9-]{0,149}$/;
const SHOWN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface FormState {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  alert?: string;
}

async function loadProduct(c: Context<AppEnv>): Promise<ProductStock | null> {
  const slug = c.req.param("slug") ?? "";
  if (!SLUG.test(slug)) return null;
  const product = await getProduct(c, c.get("locale"), slug);
  if (!product) return null;
  const stock = await readStock(
    c.env.DB,
    stockSkusOf(product).map((item) => item.sku),
  );
  return withStock(product, stock);
}

function shownCount(onHand: number | undefined): string {
  return onHand === undefined ? "" : String(onHand);
}

function stockRecord(product: ProductStock): RecordFrame {
  const words: AuditWords = {
    actions: { set: "set the stock", import: "set the stock by import", delivery: "added a delivery" },
    fields: Object.fromEntries(
      product.items.map((item) => [item.sku, item.variant ? `${item.variant} (${item.sku})` : item.sku]),
    ),
    value: (_field, value) => String(value),
  };
  return { section: "products", back: { href: routePath("staff-products"), label: "All products" }, words };
}

async function renderProduct(
  c: Context<AppEnv>,
  product: ProductStock,
  state: FormState = {},
  status: 200 | 409 | 422 = 200,
) {
  const errors = state.errors ?? {};
  return renderStaffRecord(
    c,
    stockRecord(product),
    {
      title: `Stock of ${product.name} · Staff`,
      alert: state.alert,
      audit: { kind: STOCK_AUDIT_KIND, ref: product.slug },
      status,
    },
    <>
      <h1>{product.name}</h1>
      {product.brand && <p className="muted">{product.brand}</p>}
      <DeskForm
        to={routePath("staff-product", { slug: product.slug })}
        className="staff-action staff-stock-form"
        submit="Save stock"
      >
        <h2>Stock on hand</h2>
        <p className="muted">
          Whole numbers of 0 or more. To sell one without a count, tick “Stop counting” beside it: a field left empty is
          not taken for that.
        </p>
        <input type="hidden" name="shown" value={new Date().toISOString()} />
        {product.items.map((item, i) => {
          const id = `stock-${i}`;
          return (
            <DeskField
              key={item.sku}
              id={id}
              className="staff-stock-field"
              label={
                <>
                  {`${item.variant ?? product.name} `}
                  <span className="staff-stock__sku">{`SKU ${item.sku}`}</span>
                </>
              }
              error={errors[item.sku]}
              describedAfter={`${id}-now`}
              below={
                <>
                  <p className="staff-stock-field__now" id={`${id}-now`}>
                    Now: <StockCount onHand={item.onHand} shop={item.shop} />
                  </p>
                  {item.onHand !== undefined && (
                    <label className="check staff-stock-field__stop">
                      <input
                        type="checkbox"
                        name={`stop:${item.sku}`}
                        defaultChecked={state.values?.[`stop:${item.sku}`] === "on"}
                      />{" "}
                      Stop counting (sell it without a count)
                    </label>
                  )}
                </>
              }
            >
              {(aria) => (
                <>
                  <input
                    {...aria}
                    name={`count:${item.sku}`}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={7}
                    defaultValue={state.values?.[item.sku] ?? shownCount(item.onHand)}
                  />
                  <input type="hidden" name={`seen:${item.sku}`} value={shownCount(item.onHand)} />
                </>
              )}
            </DeskField>
          );
        })}
      </DeskForm>
    </>,
  );
}

export async function productStockPage(c: Context<AppEnv>): Promise<Response> {
  const product = await loadProduct(c);
  return product ? renderProduct(c, product) : productNotFound(c);
}

function productNotFound(c: Context<AppEnv>): Promise<Response> {
  return renderStaffMessage(c, "Product not found", "There is no product with that address.", 404);
}

const STOCK_DESK: DeskRecord<ProductStock, FormState> = {
  find: loadProduct,
  missing: productNotFound,
  render: renderProduct,
  // The counts the form showed are checked SKU by SKU in the save itself.
  fresh: () => true,
  // A change after the page was shown: a staff member's (the audit), else an order's.
  audit: (product, form) => ({ kind: STOCK_AUDIT_KIND, ref: product.slug, since: form.shown ?? "" }),
  nobody: "an order",
  meanwhile: (_now, who) => ({
    alert: `This stock was changed by ${who} meanwhile, so nothing was saved. Here it is as it is now: check it, then save again.`,
  }),
};

export const postProductStock = recordAction(STOCK_DESK, async ({ c, record: product, form, actor }) => {
  const shown = form.shown ?? "";
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const sets: StockSet[] = [];
  let incomplete = !SHOWN.test(shown);
  for (const item of product.items) {
    const typed = form[`count:${item.sku}`];
    const seenRaw = form[`seen:${item.sku}`];
    if (typed === undefined || seenRaw === undefined) {
      incomplete = true;
      continue;
    }
    values[item.sku] = typed;
    const stop = form[`stop:${item.sku}`] === "on";
    if (stop) values[`stop:${item.sku}`] = "on";
    const seen = seenRaw === "" ? null : wholeCount(seenRaw);
    if (seenRaw !== "" && seen === null) incomplete = true;
    // Counting stops only when asked (the box); an emptied field of a counted SKU is a count left out.
    if (!stop && typed.trim() === "" && seen !== null) {
      errors[item.sku] = "Enter the count, or tick “Stop counting” to sell it without a count.";
      continue;
    }
    const count = stop || typed.trim() === "" ? null : wholeCount(typed);
    if (!stop && typed.trim() !== "" && count === null) {
      errors[item.sku] =
        Number(typed.trim()) > STOCK_MAX
          ? `At most ${STOCK_MAX.toLocaleString("en")}: check the number.`
          : "Enter a whole number of 0 or more.";
      continue;
    }
    if (count !== seen) sets.push({ sku: item.sku, productSlug: product.slug, before: seen, after: count });
  }
  if (incomplete) {
    // A form from before the product's shades changed in the CMS, or not this page's.
    const alert = "That form did not match this product's shades and sizes: here they are as they are now.";
    return { again: { alert }, status: 422 };
  }
  if (Object.keys(errors).length > 0) return { again: { values, errors }, status: 422 };
  const back = routePath("staff-product", { slug: product.slug });
  if (sets.length === 0) return { done: { kind: "success", text: "Nothing changed." }, to: back };
  if (!(await writeStockSets(c.env.DB, { actor, kind: "product", sets }))) return { meanwhile: true };
  await afterDeskStockWrite(c, sets);
  const saved = sets.map((set) => `${nameOf(product, set.sku)} ${set.after ?? "not counted"}`).join(", ");
  return { done: { kind: "success", text: `Stock saved: ${saved}.` }, to: back };
});

function nameOf(product: ProductStock, sku: string): string {
  return product.items.find((item) => item.sku === sku)?.variant ?? product.name;
}
