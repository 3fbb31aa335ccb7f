import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import type { ReviewStatus } from "../../../platform/reviews/product-review-store";
import { type DeskKindFilter, listDeskReviews } from "../../../platform/reviews/review-desk-store";
import { renderStaffList } from "../desk/staff-list";
import { DeskReviewCard, REVIEW_STATUS_LABELS, reviewedProducts } from "./review-card";

/**
 * `/staff/reviews`: shop and product reviews, newest first, waiting ones by default; the
 * approved and rejected ones a link away. Each with its photos and the buttons to approve or
 * reject it, which come back here.
 */
const PER_PAGE = 20;
const STATUSES: readonly ReviewStatus[] = ["pending", "approved", "rejected"];
const KINDS: readonly [DeskKindFilter, string][] = [
  ["all", "All reviews"],
  ["shop", "Of the shop"],
  ["product", "Of products"],
];

interface ReviewFilter {
  status: ReviewStatus;
  kind: DeskKindFilter;
  page: number;
}

/** The filter from the query; anything unknown falls back to the default, never an error. */
function readFilter(c: Context<AppEnv>): ReviewFilter {
  const q = c.req.query();
  const status = (STATUSES as readonly string[]).includes(q.status ?? "") ? (q.status as ReviewStatus) : "pending";
  const kind = KINDS.some(([key]) => key === q.kind) ? (q.kind as DeskKindFilter) : "all";
  const requested = Number.parseInt(q.page ?? "1", 10);
  return { status, kind, page: Number.isFinite(requested) && requested > 0 ? Math.min(requested, 10_000) : 1 };
}

function listHref({ status, kind, page }: ReviewFilter): string {
  const query = new URLSearchParams();
  if (status !== "pending") query.set("status", status);
  if (kind !== "all") query.set("kind", kind);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return `${routePath("staff-reviews")}${search ? `?${search}` : ""}`;
}

function Tabs({
  label,
  items,
}: {
  label: string;
  items: { key: string; href: string; text: string; current: boolean }[];
}) {
  return (
    <nav className="staff-reviews-tabs" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <a href={item.href} aria-current={item.current ? "page" : undefined}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const EMPTY: Record<ReviewStatus, string> = {
  pending: "Nothing is waiting: every review has been looked at.",
  approved: "No approved reviews here yet.",
  rejected: "No rejected reviews here.",
};

export async function reviewsPage(c: Context<AppEnv>): Promise<Response> {
  const filter = readFilter(c);
  const { reviews, total, counts } = await listDeskReviews(c.env.DB, filter, {
    page: filter.page,
    perPage: PER_PAGE,
  });
  const products = await reviewedProducts(c, reviews);
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const back = listHref(filter);
  return renderStaffList(c, {
    title: "Reviews · Staff",
    section: "reviews",
    body: (
      <>
        <h1>Reviews</h1>
        <p className="lead">
          Approved reviews show on the shop at once: shop reviews on /reviews, product reviews on their product's page.
        </p>
        <Tabs
          label="Reviews by status"
          items={STATUSES.map((status) => ({
            key: status,
            href: listHref({ ...filter, status, page: 1 }),
            text: `${REVIEW_STATUS_LABELS[status]} (${counts[status]})`,
            current: status === filter.status,
          }))}
        />
        <Tabs
          label="Reviews by kind"
          items={KINDS.map(([kind, text]) => ({
            key: kind,
            href: listHref({ ...filter, kind, page: 1 }),
            text,
            current: kind === filter.kind,
          }))}
        />
        {reviews.length === 0 ? (
          <p className="muted" role="status">
            {EMPTY[filter.status]}
          </p>
        ) : (
          <ul className="staff-reviews-list">
            {reviews.map((review) => (
              <li key={`${review.kind}-${review.ref}`}>
                <DeskReviewCard
                  review={review}
                  product={review.productId === null ? undefined : products.get(review.productId)}
                  back={back}
                />
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav className="staff-pages" aria-label="Pages of reviews">
            {filter.page > 1 ? (
              <a href={listHref({ ...filter, page: filter.page - 1 })} rel="prev">
                ‹ Newer
              </a>
            ) : (
              <span />
            )}
            <span>
              Page {Math.min(filter.page, pages)} of {pages}
            </span>
            {filter.page < pages ? (
              <a href={listHref({ ...filter, page: filter.page + 1 })} rel="next">
                Older ›
              </a>
            ) : (
              <span />
            )}
          </nav>
        )}
      </>
    ),
  });
}
