import type { Context } from "hono";
import { Hono } from "hono";
import { checkQuantity } from "../../../shared/cart-rules";
import { routePath } from "../../../shared/links";
import { textsOf } from "../../frame/i18n/texts";
import { setFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { addTokenOf, renewAddToken } from "../../platform/bag/add-token";
import { addLineStatements, type LineToAdd, readAdd } from "../../platform/bag/cart-add";
import { ensureCartOwner, readCartOwner } from "../../platform/bag/cart-owner";
import type { CartOwner, LineKey } from "../../platform/bag/cart-store";
import { type NamedLine, removeLineStatement, setQuantityStatement } from "../../platform/bag/cart-writes";
import {
  type CountRow,
  countsOf,
  countsStatement,
  knownShopperCounts,
  shopperCounts,
} from "../../platform/bag/shopper-counts";
import { repeatable } from "../../platform/database/retry";
import { log } from "../../platform/log/log";
import { carriedLimits, carriedRefusal, tooMany } from "../../platform/middleware/route-limits";
import { BROWSING } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";
import { sameOriginBack } from "../../platform/security/safe-path";
import { CATALOGUE_DOWN, loadItemToAdd } from "./cart-products";

/**
 * Bag actions. Each works as a plain form post (redirect back with a message)
 * and as JSON for the islands (`Accept: application/json`).
 */
/** What the bag's actions send: a form from the shop's pages, at the browsing limits. */
const BAG_ACTION: WriteSpec = {
  body: "form",
  limits: BROWSING,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

export const cartActions = new Hono<AppEnv>();

function wantsJson(c: Context<AppEnv>): boolean {
  return (c.req.header("accept") ?? "").includes("application/json");
}

/** Back to a local page only (never an open redirect). */
function backTo(c: Context<AppEnv>, fallback: string): string {
  return sameOriginBack(c.req.header("referer"), c.req.url, fallback);
}

/** The bag's count for an answer; a count that cannot be read is left to the header's next read. */
async function countOr(c: Context<AppEnv>, owner: CartOwner): Promise<number | undefined> {
  try {
    return (await shopperCounts(c, owner)).bag;
  } catch {
    return undefined;
  }
}

async function reply(
  c: Context<AppEnv>,
  outcome: { ok: boolean; message: string; field?: string; status?: 503 },
  fallback: string,
  knownOwner?: CartOwner,
  failedStatus: 422 | 503 = 422,
): Promise<Response> {
  if (wantsJson(c)) {
    // A first add creates the visitor id in this very response: the request's cookies don't have it yet.
    // The same read fills the visitor's counts cookie afterwards (frame/personal/visitor-counts.ts).
    const owner = knownOwner ?? (await readCartOwner(c));
    const count = owner ? await countOr(c, owner) : 0;
    return c.json(
      { ok: outcome.ok, message: outcome.message, field: outcome.field, count },
      outcome.ok ? 200 : (outcome.status ?? failedStatus),
    );
  }
  setFlash(c, { kind: outcome.ok ? "success" : "error", text: outcome.message });
  return c.redirect(backTo(c, fallback), 303);
}

async function form(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : ""]));
}

/** The line a form names: `slug` and `variant` (a SKU; empty for a product sold as one item). */
function lineOf(input: Record<string, string>): LineKey {
  return { productSlug: input.slug?.trim() ?? "", variantSku: input.variant?.trim() ?? "" };
}

type BagBatch = { ok: true; results: D1Result[] } | { ok: false; response: Response };

/**
 * A bag action's one round trip (docs/decisions/0100): the route's limits, the action's statements and
 * the owner's counts for the answer, in one batch. A batch over a limit rolled back whole (429); one
 * D1 could not run after its retries changed nothing the shopper is told of (503, safe to repeat:
 * `repeatable` only for statements that are, an update, a remove or an add with its token).
 */
async function bagBatch(
  c: Context<AppEnv>,
  owner: CartOwner,
  statements: D1PreparedStatement[],
  fallback: string,
  { repeatable: safe }: { repeatable: boolean },
): Promise<BagBatch> {
  const limits = carriedLimits(c);
  const db = safe ? repeatable(c.env.DB) : c.env.DB;
  try {
    const results = await db.batch([...limits, ...statements, countsStatement(c.env.DB, owner)]);
    knownShopperCounts(c, owner, countsOf(results.at(-1)!.results as CountRow[]));
    return { ok: true, results: results.slice(limits.length, -1) };
  } catch (error) {
    const refused = carriedRefusal(c, error);
    if (refused) return { ok: false, response: tooMany(c, refused) };
    log.error("A bag action failed", { error });
    c.header("Retry-After", "5");
    const message = textsOf(c).m.bagActions.notNow;
    return { ok: false, response: await reply(c, { ok: false, message }, fallback, undefined, 503) };
  }
}

cartActions.post("/add", writes(BAG_ACTION), async (c) => {
  const input = await form(c);
  const t = textsOf(c);
  const words = t.m.bagActions;
  const quantity = checkQuantity(input.quantity ?? "1", words.quantity, t.locale);
  if (!quantity.ok) return reply(c, { ok: false, message: quantity.message, field: "quantity" }, routePath("cart"));
  const item = await loadItemToAdd(c, lineOf(input));
  // The CMS gave no answer: the product is neither gone nor sold out, and the shopper may try again.
  if (item === CATALOGUE_DOWN)
    return reply(c, { ok: false, message: words.catalogueDown, status: 503 }, routePath("cart"));
  if (!item) return reply(c, { ok: false, message: words.gone }, routePath("catalog"));
  const { line, product, cms } = item;
  const name = product.name;
  const owner = await ensureCartOwner(c);
  // The item's stock is read in the add's own batch, on the primary (docs/decisions/0136-the-add-reads-stock-in-its-batch.md).
  const toAdd: LineToAdd = {
    ...line,
    quantity: quantity.value,
    price: product.price,
    sku: product.sku,
    cms,
    token: addTokenOf(c, input),
  };
  const batch = await bagBatch(c, owner, addLineStatements(c.env.DB, owner, toAdd), product.path, {
    repeatable: toAdd.token !== null,
  });
  if (!batch.ok) return batch.response;
  renewAddToken(c);
  // The statements' results past the limits: the stock row, the cart's own insert, the line before, the line after.
  const added = readAdd(batch.results, toAdd);
  if (!added.ok && added.reason === "cannot-buy") {
    const message = t.fill(words.cannotBuy, { name, availability: t.m.product.availability.out_of_stock });
    return reply(c, { ok: false, message }, product.path);
  }
  if (!added.ok && added.reason === "too-many-lines") {
    return reply(c, { ok: false, message: words.full }, routePath("cart"));
  }
  if (!added.ok) {
    const { inBag, left } = added;
    const message =
      inBag > 0 ? t.plural(words.fewLeftInBag, inBag, { left, name }) : t.fill(words.fewLeft, { left, name });
    return reply(c, { ok: false, message, field: "quantity" }, product.path);
  }
  const message = added.capped
    ? t.fill(words.capped, { quantity: added.quantity, name })
    : t.fill(t.m.product.added, { name });
  return reply(c, { ok: true, message }, product.path, owner);
});

/**
 * The bag line an update or remove means. The bag's forms name the variant; a form that names
 * none (a page from before variants, a script) means the product's one line in the bag, if it has
 * exactly one (cart-store.ts NamedLine).
 */
function bagLine(input: Record<string, string>): NamedLine {
  const named = lineOf(input);
  return { productSlug: named.productSlug, variantSku: input.variant === undefined ? null : named.variantSku };
}

cartActions.post("/update", writes(BAG_ACTION), async (c) => {
  const input = await form(c);
  const t = textsOf(c);
  const quantity = checkQuantity(input.quantity, t.m.bagActions.quantity, t.locale);
  if (!quantity.ok) return reply(c, { ok: false, message: quantity.message, field: "quantity" }, routePath("cart"));
  const owner = await readCartOwner(c);
  if (!owner) return reply(c, { ok: false, message: t.m.bagActions.notInBag }, routePath("cart"));
  const statement = setQuantityStatement(c.env.DB, owner, bagLine(input), quantity.value);
  const batch = await bagBatch(c, owner, [statement], routePath("cart"), { repeatable: true });
  if (!batch.ok) return batch.response;
  if (batch.results[0]!.results.length === 0) {
    return reply(c, { ok: false, message: t.m.bagActions.notInBag }, routePath("cart"), owner);
  }
  return reply(c, { ok: true, message: t.m.bagActions.updated }, routePath("cart"), owner);
});

cartActions.post("/remove", writes(BAG_ACTION), async (c) => {
  const input = await form(c);
  const owner = await readCartOwner(c);
  if (owner) {
    const batch = await bagBatch(c, owner, [removeLineStatement(c.env.DB, owner, bagLine(input))], routePath("cart"), {
      repeatable: true,
    });
    if (!batch.ok) return batch.response;
  }
  return reply(c, { ok: true, message: textsOf(c).m.bagActions.removed }, routePath("cart"), owner ?? undefined);
});
