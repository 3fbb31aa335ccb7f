import { Hono } from "hono";
import { checkForm } from "../../../shared/forms/form-result";
import { productReviewSchemas } from "../../../shared/forms/product-review";
import { renderNotFound } from "../../frame/document/not-found";
import { textsOf } from "../../frame/i18n/texts";
import { setFlash } from "../../frame/personal/flash";
import { noteOwnChange } from "../../frame/shells/own-changes";
import type { AppEnv } from "../../platform/app-env";
import { ensureCartOwner } from "../../platform/bag/cart-owner";
import { reviewsTags } from "../../platform/caches/page-tags";
import { bumpTags } from "../../platform/caches/versions";
import { getProduct } from "../../platform/cms-client/catalog-records";
import { wantsJson } from "../../platform/forms/form-guard";
import { hasReviewed, insertReview, type ReviewStatus } from "../../platform/reviews/product-review-store";
import { ACCOUNT_FORM } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";
import { hitRateLimit } from "../../platform/security/rate-limit";
import { visitorLimitSubject } from "../../platform/security/visitor-id";
import { displayName } from "../../platform/session/session";
import { productPath } from "../../shop/products/product-card";
import { renderProductPage } from "./product-page";

/** Posts per visitor (the account, else the visitor id): more than one shopper reviews in a sitting, too few for a flood. */
export const REVIEW_RATE_LIMIT = { action: "product-review", limit: 5, windowSeconds: 600 };

/** New reviews wait for moderation unless the AUTO_APPROVE_REVIEWS var says "true". */
export function initialReviewStatus(env: Pick<Env, "AUTO_APPROVE_REVIEWS">): ReviewStatus {
  return env.AUTO_APPROVE_REVIEWS === "true" ? "approved" : "pending";
}

/**
 * POST /product-reviews/{slug}: a review from a signed-in shopper or a guest
 * with name and e-mail. A plain form post (303 back to the reviews, or the
 * product page again at 422 with the messages beside the fields) or JSON.
 */
/** A product review: a signed-in shopper's form, at the account forms' limits. */
const REVIEW_FORM: WriteSpec = {
  body: "form",
  limits: ACCOUNT_FORM,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

export const reviewActions = new Hono<AppEnv>();

reviewActions.post("/:slug", writes(REVIEW_FORM), async (c) => {
  const slug = c.req.param("slug");
  const json = wantsJson(c);
  const t = textsOf(c);
  const texts = t.m.productReviewForm;
  const product = /^[a-z0-9-]{1,120}$/.test(slug) ? await getProduct(c, c.get("locale"), slug) : null;
  if (!product) return json ? c.json({ ok: false, message: t.m.product.gone }, 404) : renderNotFound(c);
  const back = `${productPath(product)}#reviews`;

  const limit = await hitRateLimit(c.env.DB, REVIEW_RATE_LIMIT, await visitorLimitSubject(c));
  if (!limit.allowed) {
    const message = texts.tooMany;
    if (json) return c.json({ ok: false, message }, 429, { "Retry-After": String(limit.retryAfter) });
    setFlash(c, { kind: "error", text: message });
    return c.redirect(back, 303);
  }

  const body = await c.req.parseBody();
  const raw = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const user = c.get("user");
  const schemas = productReviewSchemas(texts);
  const checked = checkForm(user ? schemas.signedIn : schemas.guest, raw);
  const values = { rating: raw.rating, text: raw.text, name: raw.name, email: raw.email };
  if (!checked.ok) {
    if (json) return c.json({ ok: false, errors: checked.errors }, 422);
    return renderProductPage(c, product.slug, null, { values, errors: checked.errors });
  }

  const owner = await ensureCartOwner(c);
  const productId = Number(product.id);
  if (await hasReviewed(c.env.DB, productId, owner)) {
    const errors = { text: texts.already };
    if (json) return c.json({ ok: false, errors }, 422);
    return renderProductPage(c, product.slug, null, { values, errors });
  }
  const status = initialReviewStatus(c.env);
  await insertReview(c.env.DB, {
    productId,
    owner,
    authorName: user ? displayName(user) : checked.value.name,
    authorEmail: user ? user.email : checked.value.email,
    rating: checked.value.rating,
    text: checked.value.text,
    status,
  });
  // A review published at once changes shared pages (ratings, the list): they must not be served from old shells.
  if (status === "approved") {
    await bumpTags(c.env.CMS_CACHE, reviewsTags(productId));
    noteOwnChange(c);
  }
  const message = status === "approved" ? texts.published : texts.pending;
  if (json) return c.json({ ok: true, status, message });
  setFlash(c, { kind: "success", text: message });
  return c.redirect(back, 303);
});
