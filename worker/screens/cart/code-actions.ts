import type { Context } from "hono";
import { Hono } from "hono";
import { routePath } from "../../../shared/links";
import { normaliseCode } from "../../../shared/promotions/promotion";
import { textsOf } from "../../frame/i18n/texts";
import { setFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { readCartOwner } from "../../platform/bag/cart-owner";
import type { CartOwner } from "../../platform/bag/cart-store";
import { tooMany } from "../../platform/middleware/route-limits";
import {
  CODE_MISSES,
  missesStatement,
  missStatement,
  removeCartCodeStatement,
  setCartCodeStatement,
} from "../../platform/promotions/cart-code-store";
import { BROWSING } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";
import { isOverLimit, retryAfterOf } from "../../platform/security/rate-limit";
import { renderCart } from "./cart-page";
import { loadCartView } from "./cart-view";
import { codeRefusal, refusalSentence } from "./code-refusal";

/**
 * A discount code in the bag (docs/promotions.md): a plain form, so it works without a script. A code
 * that applies is kept on the bag (303 back to it); one that does not comes back in its field with
 * the sentence beside it (422), the bag untouched. Codes that are not codes are counted per visitor:
 * past about 20 in 10 minutes every code is refused with a 429 and a sentence.
 */
const CODE_FORM: WriteSpec = {
  body: "form",
  limits: BROWSING,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

export const codeActions = new Hono<AppEnv>();

/** Who guesses: the account, else the bag's visitor. */
const subjectOf = (owner: CartOwner) => `${owner.kind}:${owner.id}`;

function tooManyMisses(c: Context<AppEnv>): Response {
  const t = textsOf(c);
  const retryAfter = retryAfterOf(CODE_MISSES);
  return tooMany(c, { retryAfter, message: t.plural(t.m.promotions.tooManyWrong, Math.ceil(retryAfter / 60)) });
}

codeActions.post("/", writes(CODE_FORM), async (c) => {
  const body = await c.req.parseBody();
  const typed = typeof body.code === "string" ? body.code : "";
  const code = normaliseCode(typed);
  const t = textsOf(c);
  const owner = await readCartOwner(c);
  if (!owner) return c.redirect(routePath("cart"), 303);
  const db = c.env.DB;
  const misses = await missesStatement(db, subjectOf(owner)).first<{ count: number }>();
  if ((misses?.count ?? 0) >= CODE_MISSES.limit) return tooManyMisses(c);
  const view = await loadCartView(c, owner, undefined, { exact: true, typedCode: code || null });
  if (!view.cartId || view.items.length === 0) return c.redirect(routePath("cart"), 303);
  if (!code) return renderCart(c, view, { code: typed, error: t.m.promotions.refused.empty });
  if (!view.promotions.code?.promotion) {
    try {
      await missStatement(db, subjectOf(owner)).run();
    } catch (error) {
      if (isOverLimit(error)) return tooManyMisses(c);
      throw error;
    }
  }
  const refused = codeRefusal(view);
  if (refused) return renderCart(c, view, { code: typed, error: refusalSentence(t, refused) });
  await setCartCodeStatement(db, view.cartId, code).run();
  setFlash(c, { kind: "success", text: t.fill(t.m.promotions.applied, { code }) });
  return c.redirect(routePath("cart"), 303);
});

codeActions.post("/remove", writes(CODE_FORM), async (c) => {
  const owner = await readCartOwner(c);
  if (owner) await removeCartCodeStatement(c.env.DB, owner.kind, owner.id).run();
  setFlash(c, { kind: "success", text: textsOf(c).m.promotions.removed });
  return c.redirect(routePath("cart"), 303);
});
