import type { Context } from "hono";
import { Hono } from "hono";
import { canBuy, checkQuantity } from "../../../shared/cart-rules";
import { routePath } from "../../../shared/links";
import { textsOf } from "../../frame/i18n/texts";
import { setFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { ensureCartOwner, readCartOwner } from "../../platform/bag/cart-owner";
import {
  addLine,
  type CartOwner,
  ensureCartId,
  findCartId,
  type LineKey,
  lineQuantity,
  listLines,
  removeLine,
  setQuantity,
} from "../../platform/bag/cart-store";
import { shopperCounts } from "../../platform/bag/shopper-counts";
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

async function reply(
  c: Context<AppEnv>,
  outcome: { ok: boolean; message: string; field?: string; status?: 503 },
  fallback: string,
  knownOwner?: CartOwner,
): Promise<Response> {
  if (wantsJson(c)) {
    // A first add creates the visitor id in this very response: the request's cookies don't have it yet.
    // The same read fills the visitor's counts cookie afterwards (frame/personal/visitor-counts.ts).
    const owner = knownOwner ?? (await readCartOwner(c));
    const count = owner ? (await shopperCounts(c, owner)).bag : 0;
    return c.json(
      { ok: outcome.ok, message: outcome.message, field: outcome.field, count },
      outcome.ok ? 200 : (outcome.status ?? 422),
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
  const { line, product } = item;
  const name = product.name;
  if (!canBuy(product.availability)) {
    const message = t.fill(words.cannotBuy, { name, availability: t.m.product.availability.out_of_stock });
    return reply(c, { ok: false, message }, product.path);
  }
  const owner = await ensureCartOwner(c);
  const cartId = await ensureCartId(c.env.DB, owner);
  if (product.onHand !== null && !product.sellAhead) {
    const inBag = await lineQuantity(c.env.DB, cartId, line);
    if (inBag + quantity.value > product.onHand) {
      const left = product.onHand;
      const message =
        inBag > 0 ? t.plural(words.fewLeftInBag, inBag, { left, name }) : t.fill(words.fewLeft, { left, name });
      return reply(c, { ok: false, message, field: "quantity" }, product.path);
    }
  }
  const added = await addLine(c.env.DB, cartId, {
    ...line,
    quantity: quantity.value,
    price: product.price,
    availability: product.availability,
  });
  if (!added.ok) {
    return reply(c, { ok: false, message: words.full }, routePath("cart"));
  }
  const message = added.capped
    ? t.fill(words.capped, { quantity: added.quantity, name })
    : t.fill(t.m.product.added, { name });
  return reply(c, { ok: true, message }, product.path, owner);
});

/**
 * The bag line an update or remove means. The bag's forms name the variant; a form that names
 * none (a page from before variants, a script) means the product's one line in the bag, if it has
 * exactly one.
 */
async function bagLine(db: D1Database, cartId: string, input: Record<string, string>): Promise<LineKey> {
  const named = lineOf(input);
  if (input.variant !== undefined) return named;
  const lines = (await listLines(db, cartId)).filter((l) => l.productSlug === named.productSlug);
  return lines.length === 1 ? lines[0]! : named;
}

cartActions.post("/update", writes(BAG_ACTION), async (c) => {
  const input = await form(c);
  const t = textsOf(c);
  const quantity = checkQuantity(input.quantity, t.m.bagActions.quantity, t.locale);
  if (!quantity.ok) return reply(c, { ok: false, message: quantity.message, field: "quantity" }, routePath("cart"));
  const owner = await readCartOwner(c);
  const cartId = owner ? await findCartId(c.env.DB, owner) : null;
  const changed = cartId
    ? await setQuantity(c.env.DB, cartId, await bagLine(c.env.DB, cartId, input), quantity.value)
    : false;
  if (!changed) return reply(c, { ok: false, message: t.m.bagActions.notInBag }, routePath("cart"));
  return reply(c, { ok: true, message: t.m.bagActions.updated }, routePath("cart"));
});

cartActions.post("/remove", writes(BAG_ACTION), async (c) => {
  const input = await form(c);
  const owner = await readCartOwner(c);
  const cartId = owner ? await findCartId(c.env.DB, owner) : null;
  if (cartId) await removeLine(c.env.DB, cartId, await bagLine(c.env.DB, cartId, input));
  return reply(c, { ok: true, message: textsOf(c).m.bagActions.removed }, routePath("cart"));
});
