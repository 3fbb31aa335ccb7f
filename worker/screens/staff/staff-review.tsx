import type { Context } from "hono";
import { routePath } from "../../../shared/routes";
import { setFlash, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { listAudit } from "../../platform/audit/staff-audit-store";
import { reviewsTags } from "../../platform/caches/page-tags";
import { bumpTags } from "../../platform/caches/versions";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import type { ReviewStatus } from "../../platform/reviews/product-review-store";
import {
  auditKind,
  type DeskReview,
  type DeskReviewKind,
  findDeskReview,
  moderateReview,
} from "../../platform/reviews/review-desk-store";
import { safeLocalPath } from "../../platform/security/safe-path";
import { DeskReviewCard, REVIEW_STATUS_LABELS, reviewedProducts, reviewPath } from "./review-card";
import { AuditLog, type AuditWords } from "./staff-audit";
import { renderStaffMessage, renderStaffPage, StaffRecordTop } from "./staff-page";

/**
 * `/staff/reviews/shop/{public id}` and `/staff/reviews/product/{id}`: one review (the shop's
 * e-mail about a new review links here), its buttons and its audit; the same addresses take the
 * buttons' posts. A post carries the status the page showed: a review someone else moderated
 * meanwhile is not changed again.
 */
const REF: Record<DeskReviewKind, RegExp> = {
  shop: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  product: /^[1-9]\d{0,11}$/,
};
const STATUSES: readonly string[] = ["pending", "approved", "rejected"];

interface PageState {
  alert?: string;
}

async function findReview(c: Context<AppEnv>, kind: DeskReviewKind): Promise<DeskReview | null> {
  const ref = c.req.param("ref") ?? "";
  return REF[kind].test(ref) ? findDeskReview(c.env.DB, kind, ref) : null;
}

function notFound(c: Context<AppEnv>): Promise<Response> {
  return renderStaffMessage(c, "Review not found", "There is no review at that address.", 404);
}

async function renderReview(
  c: Context<AppEnv>,
  review: DeskReview,
  state: PageState = {},
  status: 200 | 409 | 422 = 200,
) {
  const [audit, products] = await Promise.all([
    listAudit(c.env.DB, auditKind(review.kind), review.ref),
    reviewedProducts(c, [review]),
  ]);
  const product = review.productId === null ? undefined : products.get(review.productId);
  const shownAt = review.kind === "shop" ? routePath("reviews") : product?.path;
  const flash = takeFlash(c);
  return renderStaffPage(
    c,
    {
      title: `Review by ${review.name} · Staff`,
      body: (
        <section className="container page-section staff">
          <StaffRecordTop
            section="reviews"
            back={{ href: routePath("staff-reviews"), label: "Reviews waiting" }}
            flash={flash}
            alert={state.alert}
          />
          <h1>{review.kind === "shop" ? "Shop review" : "Product review"}</h1>
          <DeskReviewCard review={review} product={product} back={reviewPath(review)} />
          {review.status === "approved" && shownAt && (
            <p>
              Shown on <a href={shownAt}>{shownAt}</a>.
            </p>
          )}
          <h2>Audit</h2>
          <AuditLog entries={audit} words={REVIEW_AUDIT_WORDS} />
        </section>
      ),
    },
    status,
  );
}

const REVIEW_AUDIT_WORDS: AuditWords = {
  actions: { approve: "approved the review", reject: "rejected the review" },
  fields: { status: "Status" },
  value: (_field, value) => REVIEW_STATUS_LABELS[value as keyof typeof REVIEW_STATUS_LABELS] ?? String(value),
};

export function reviewPage(kind: DeskReviewKind) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const review = await findReview(c, kind);
    return review ? renderReview(c, review) : notFound(c);
  };
}

/** Back to the list (with its filter) or the review's page the buttons were on; anywhere else is refused. */
function backTo(value: string | undefined, review: DeskReview): string {
  const path = safeLocalPath(value, reviewPath(review));
  return path === routePath("staff-reviews") ||
    path.startsWith(`${routePath("staff-reviews")}?`) ||
    path.startsWith(`${routePath("staff-reviews")}/`)
    ? path
    : reviewPath(review);
}

async function changedMeanwhile(c: Context<AppEnv>, review: DeskReview): Promise<Response> {
  const now = (await findDeskReview(c.env.DB, review.kind, review.ref)) ?? review;
  const [latest] = await listAudit(c.env.DB, auditKind(review.kind), review.ref);
  const who = latest?.staffName ?? "someone else";
  const alert = `This review was changed by ${who} meanwhile: it is ${REVIEW_STATUS_LABELS[now.status].toLowerCase()} now. Nothing was changed; check it, then try again.`;
  return renderReview(c, now, { alert }, 409);
}

function published(review: DeskReview): string {
  return review.kind === "shop" ? "It is on /reviews now." : "It is on the product's page now.";
}

export function postReview(kind: DeskReviewKind) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const staff = c.get("staff");
    if (!staff) throw new Error("The staff desk's actions run behind staffOnly");
    const review = await findReview(c, kind);
    if (!review) return notFound(c);
    const values = textFields(await readFormBody(c));
    const action = values.action;
    if ((action !== "approve" && action !== "reject") || !STATUSES.includes(values.from ?? "")) {
      return renderReview(
        c,
        review,
        { alert: "That form was not complete. Please use the buttons on this page." },
        422,
      );
    }
    if (values.from !== review.status) return changedMeanwhile(c, review);
    const to: ReviewStatus = action === "approve" ? "approved" : "rejected";
    if (to === review.status) {
      return renderReview(
        c,
        review,
        { alert: `This review is ${REVIEW_STATUS_LABELS[to].toLowerCase()} already.` },
        422,
      );
    }
    if (!(await moderateReview(c.env.DB, review, to, { id: staff.id, name: staff.name }))) {
      return changedMeanwhile(c, review);
    }
    // Public pages (and their kept shells, ratings on product cards) show approved reviews only: when
    // that set changes they must not be served from before it, as with a review published at once.
    if (to === "approved" || review.status === "approved") {
      await bumpTags(c.env.CMS_CACHE, reviewsTags(review.productId));
    }
    setFlash(c, {
      kind: "success",
      text:
        to === "approved"
          ? `The review by ${review.name} is approved. ${published(review)}`
          : `The review by ${review.name} is rejected: it is not shown on the shop.`,
    });
    return c.redirect(backTo(values.back, review), 303);
  };
}
