/**
 * POST /reviews: a shopper's review of the shop, with an optional avatar and
 * up to five photos, through the visitor-form pipeline. The files are checked
 * by content before anything is written; then they go to R2 and the review,
 * its media and the e-mail to the shop to D1 in one batch (the files are
 * removed again if that fails).
 */
import { type Context, Hono } from "hono";
import { REVIEW_PHOTOS_MAX, shopReviewSchema } from "../../../shared/forms/shop-review";
import { routePath } from "../../../shared/links";
import { maxUploadBytes } from "../../../shared/upload-limit";
import { siteOrigin } from "../../frame/head/site-origin";
import { textsOf } from "../../frame/i18n/texts";
import { getContacts } from "../../frame/layout/layout-data";
import { noteOwnChange } from "../../frame/shells/own-changes";
import type { AppEnv } from "../../platform/app-env";
import { reviewsTags } from "../../platform/caches/page-tags";
import { bumpTags } from "../../platform/caches/versions";
import { allValues, dedupeKey, type FormBody, type FormLimit, firstValue } from "../../platform/forms/form-guard";
import { type FileCheck, handleVisitorForm } from "../../platform/forms/visitor-form";
import { reviewMail } from "../../platform/requests/request-mail";
import { recentlyReviewed, saveReview } from "../../platform/reviews/shop-review-store";
import { REQUESTS } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";
import { type CheckedFile, checkUpload, checkUploads, IMAGE_TYPES } from "../../platform/security/file-checks";
import { saveWithFiles } from "../../platform/uploads/upload-store";
import { renderReviews } from "./shop-reviews-page";

/** A shop review: its photos, at the requests' limits. */
const SHOP_REVIEW_FORM: WriteSpec = {
  body: "upload",
  files: 1 + REVIEW_PHOTOS_MAX,
  limits: REQUESTS,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

export const reviewRoutes = new Hono<AppEnv>();

export const REVIEW_LIMIT: FormLimit = { limit: 3, windowSeconds: 60 * 60 };

interface ReviewFiles {
  avatar: CheckedFile | null;
  photos: CheckedFile[];
}

/** The avatar and the photos, checked by their content. */
async function checkReviewFiles(c: Context<AppEnv>, body: FormBody): Promise<FileCheck<ReviewFiles>> {
  const rules = { accept: IMAGE_TYPES, maxBytes: maxUploadBytes(c.env.UPLOAD_MAX_BYTES), t: textsOf(c) };
  const [avatar, photos] = await Promise.all([
    checkUpload(firstValue(body, "avatar"), rules),
    checkUploads(allValues(body, "photos"), { ...rules, max: REVIEW_PHOTOS_MAX }),
  ]);
  return {
    errors: {
      ...(avatar.ok ? {} : { avatar: avatar.message }),
      ...(photos.ok ? {} : { photos: photos.message }),
    },
    files: { avatar: avatar.ok ? avatar.file : null, photos: photos.ok ? photos.files : [] },
  };
}

reviewRoutes.post("/", writes(SHOP_REVIEW_FORM), (c) => {
  const published = c.env.AUTO_APPROVE_REVIEWS === "true";
  const t = textsOf(c);
  return handleVisitorForm(c, {
    schema: shopReviewSchema(t.m),
    thanks: published ? t.m.reviews.published : t.m.visitorForms.reviewThanks,
    limit: { action: "review-shop", rule: REVIEW_LIMIT },
    checkFiles: (body) => checkReviewFiles(c, body),
    sameness: (input) => ["review", input.name, input.email, input.rating, input.text],
    recentlySent: (print) => recentlyReviewed(c.env.DB, print),
    save: async (input, { avatar, photos }, print) => {
      const contacts = await getContacts(c, c.get("locale") ?? "en");
      const receiver = contacts?.receiver ?? null;
      const publicId = crypto.randomUUID();
      await saveWithFiles(c.env.UPLOADS, "reviews", [...(avatar ? [avatar] : []), ...photos], (stored) => {
        const storedAvatar = avatar ? (stored[0] ?? null) : null;
        const storedPhotos = avatar ? stored.slice(1) : stored;
        return saveReview(c.env.DB, {
          input,
          avatar: storedAvatar,
          photos: storedPhotos,
          status: published ? "approved" : "pending",
          fingerprint: print,
          dedupeKey: dedupeKey(print),
          publicId,
          mail: receiver
            ? reviewMail(receiver, { ...input, photos: storedPhotos.length, publicId }, published, siteOrigin(c))
            : null,
        });
      });
      // A review published at once changes the shared /reviews page: it must not be served from an old shell.
      if (published) {
        await bumpTags(c.env.CMS_CACHE, reviewsTags(null));
        noteOwnChange(c);
      }
    },
    sentPath: routePath("reviews", { query: { sent: published ? "published" : "review" }, hash: "leave-review" }),
    renderAgain: (state, status) => renderReviews(c, state, status),
  });
});
