/**
 * POST /reviews: a shopper's review of the shop, with an optional avatar and
 * up to five photos. The files are checked by content before anything is
 * written; then they go to R2 and the review, its media and the e-mail to the
 * shop to D1 in one batch (the files are removed again if that fails).
 */
import { type Context, Hono } from "hono";
import { checkForm, type FormAnswer } from "../../../shared/forms/form-result";
import { REVIEW_PHOTOS_MAX, REVIEW_THANKS, shopReviewSchema } from "../../../shared/forms/shop-review";
import { maxUploadBytes } from "../../../shared/upload-limit";
import type { AppEnv } from "../../platform/app-env";
import { bumpContentVersion } from "../../platform/cms-client/content-version";
import {
  allValues,
  checkRateLimit,
  dedupeKey,
  type FormLimit,
  fingerprint,
  firstValue,
  honeypotFilled,
  readFormBody,
  textFields,
  wantsJson,
} from "../../platform/forms/form-guard";
import { reviewMail } from "../../platform/forms/request-mail";
import { getContacts } from "../../platform/layout/layout-data";
import { checkUpload, checkUploads, IMAGE_TYPES } from "../../platform/security/file-checks";
import { recentlyReviewed, saveReview } from "../../platform/stores/shop-review-store";
import { saveWithFiles } from "../../platform/stores/upload-store";
import { PUBLISHED_THANKS, renderReviews } from "./shop-reviews-page";

export const reviewRoutes = new Hono<AppEnv>();

export const REVIEW_LIMIT: FormLimit = { limit: 3, windowSeconds: 60 * 60 };

function autoApprove(env: Env): boolean {
  return env.AUTO_APPROVE_REVIEWS === "true";
}

function answer(
  c: Context<AppEnv>,
  body: FormAnswer,
  status: 200 | 422 | 429,
  values: Record<string, string>,
): Promise<Response> | Response {
  if (wantsJson(c)) return c.json(body, status);
  if (body.ok) {
    return c.redirect(`/reviews?sent=${autoApprove(c.env) ? "published" : "review"}#leave-review`, 303);
  }
  const hasErrors = body.errors && Object.keys(body.errors).length > 0;
  return renderReviews(
    c,
    { values, errors: body.errors ?? {}, alert: hasErrors ? null : body.message, sent: false },
    status,
  );
}

reviewRoutes.post("/", async (c) => {
  const form = await readFormBody(c);
  const fields = textFields(form);
  const { website: _, ...values } = fields;
  const published = autoApprove(c.env);
  const thanks: FormAnswer = { ok: true, message: published ? PUBLISHED_THANKS : REVIEW_THANKS };
  if (honeypotFilled(form)) return answer(c, thanks, 200, values);

  const checked = checkForm(shopReviewSchema, fields);
  const errors: Record<string, string> = checked.ok ? {} : { ...(checked.errors as Record<string, string>) };
  const rules = { accept: IMAGE_TYPES, maxBytes: maxUploadBytes(c.env.UPLOAD_MAX_BYTES) };
  const [avatar, photos] = await Promise.all([
    checkUpload(firstValue(form, "avatar"), rules),
    checkUploads(allValues(form, "photos"), { ...rules, max: REVIEW_PHOTOS_MAX }),
  ]);
  if (!avatar.ok) errors.avatar = avatar.message;
  if (!photos.ok) errors.photos = photos.message;
  if (!checked.ok || !avatar.ok || !photos.ok) {
    const count = Object.keys(errors).length;
    return answer(
      c,
      { ok: false, message: `Please check ${count === 1 ? "one field" : `${count} fields`}.`, errors },
      422,
      values,
    );
  }

  const input = checked.value;
  const print = await fingerprint(["review", input.name, input.email, input.rating, input.text]);
  // Sent again (a second click, a reload): thank them, keep one, and don't count it against the limit.
  if (await recentlyReviewed(c.env.DB, print)) return answer(c, thanks, 200, values);

  const limited = await checkRateLimit(c, "review-shop", REVIEW_LIMIT);
  if (!limited.allowed) return answer(c, { ok: false, message: limited.message }, 429, values);

  const contacts = await getContacts(c, c.get("locale") ?? "en");
  const receiver = contacts?.receiver ?? null;
  const publicId = crypto.randomUUID();
  const files = [...(avatar.file ? [avatar.file] : []), ...photos.files];
  await saveWithFiles(c.env.UPLOADS, "reviews", files, (stored) => {
    const storedAvatar = avatar.file ? (stored[0] ?? null) : null;
    const storedPhotos = avatar.file ? stored.slice(1) : stored;
    return saveReview(c.env.DB, {
      input,
      avatar: storedAvatar,
      photos: storedPhotos,
      status: published ? "approved" : "pending",
      fingerprint: print,
      dedupeKey: dedupeKey(print),
      publicId,
      mail: receiver ? reviewMail(receiver, { ...input, photos: storedPhotos.length, publicId }, published) : null,
    });
  });
  // A review published at once changes the shared /reviews page: it must not be served from an old shell.
  if (published) await bumpContentVersion(c.env.CMS_CACHE);
  return answer(c, thanks, 200, values);
});
