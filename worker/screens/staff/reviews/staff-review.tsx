import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import { listAudit } from "../../../platform/audit/staff-audit-store";
import { reviewsTags } from "../../../platform/caches/page-tags";
import { bumpTags } from "../../../platform/caches/versions";
import type { ReviewStatus } from "../../../platform/reviews/product-review-store";
import {
  auditKind,
  type DeskReview,
  type DeskReviewKind,
  findDeskReview,
  moderateReview,
} from "../../../platform/reviews/review-desk-store";
import { safeLocalPath } from "../../../platform/security/safe-path";
import { type DeskRecord, recordAction } from "../desk/desk-action";
import { renderStaffMessage } from "../desk/staff-page";
import { type RecordFrame, renderStaffRecord } from "../desk/staff-record";
import { DeskReviewCard, REVIEW_STATUS_LABELS, reviewedProducts, reviewPath } from "./review-card";

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
  return renderStaffRecord(
    c,
    REVIEW_RECORD,
    { title: `Review by ${review.name} · Staff`, alert: state.alert, audit, status },
    <>
      <h1>{review.kind === "shop" ? "Shop review" : "Product review"}</h1>
      <DeskReviewCard review={review} product={product} back={reviewPath(review)} />
      {review.status === "approved" && shownAt && (
        <p>
          Shown on <a href={shownAt}>{shownAt}</a>.
        </p>
      )}
    </>,
  );
}

const REVIEW_RECORD: RecordFrame = {
  section: "reviews",
  back: { href: routePath("staff-reviews"), label: "Reviews waiting" },
  words: {
    actions: { approve: "approved the review", reject: "rejected the review" },
    fields: { status: "Status" },
    value: (_field, value) => REVIEW_STATUS_LABELS[value as keyof typeof REVIEW_STATUS_LABELS] ?? String(value),
  },
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

function published(review: DeskReview): string {
  return review.kind === "shop" ? "It is on /reviews now." : "It is on the product's page now.";
}

function reviewDesk(kind: DeskReviewKind): DeskRecord<DeskReview, PageState> {
  return {
    find: (c) => findReview(c, kind),
    missing: notFound,
    render: renderReview,
    fresh: (review, form) =>
      (form.action === "approve" || form.action === "reject") && STATUSES.includes(form.from ?? "")
        ? form.from === review.status
        : null,
    audit: (review) => ({ kind: auditKind(review.kind), ref: review.ref }),
    meanwhile: (now, who) => ({
      alert: `This review was changed by ${who} meanwhile: it is ${REVIEW_STATUS_LABELS[now.status].toLowerCase()} now. Nothing was changed; check it, then try again.`,
    }),
  };
}

export function postReview(kind: DeskReviewKind) {
  return recordAction(reviewDesk(kind), async ({ c, record: review, form: values, actor }) => {
    const to: ReviewStatus = values.action === "approve" ? "approved" : "rejected";
    if (to === review.status) {
      return { again: { alert: `This review is ${REVIEW_STATUS_LABELS[to].toLowerCase()} already.` }, status: 422 };
    }
    if (!(await moderateReview(c.env.DB, review, to, actor))) return { meanwhile: true };
    // Public pages (and their kept shells, ratings on product cards) show approved reviews only: when
    // that set changes they must not be served from before it, as with a review published at once.
    if (to === "approved" || review.status === "approved") {
      await bumpTags(c.env.CMS_CACHE, reviewsTags(review.productId));
    }
    return {
      done: {
        kind: "success",
        text:
          to === "approved"
            ? `The review by ${review.name} is approved. ${published(review)}`
            : `The review by ${review.name} is rejected: it is not shown on the shop.`,
      },
      to: backTo(values.back, review),
    };
  });
}
