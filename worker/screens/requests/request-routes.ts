/**
 * POST /requests/{callback|consultation|wholesale|partnership}: a visitor's
 * request to the shop. Plain forms get a redirect to the thank-you (or their
 * page again with messages); islands ask for JSON and stay in place.
 */
import { type Context, Hono } from "hono";
import { checkForm, type FormAnswer } from "../../../shared/forms/form-result";
import {
  callbackSchema,
  consultationSchema,
  partnershipSchema,
  REQUEST_THANKS,
  type RequestKind,
  wholesaleSchema,
} from "../../../shared/forms/requests";
import { maxUploadBytes } from "../../../shared/upload-limit";
import type { AppEnv } from "../../platform/app-env";
import {
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
import type { FormState } from "../../platform/forms/form-state";
import { requestMail } from "../../platform/forms/request-mail";
import { getContacts } from "../../platform/layout/layout-data";
import { checkUpload, IMAGE_OR_PDF_TYPES, type UploadCheck } from "../../platform/security/file-checks";
import { siteOrigin } from "../../platform/seo/site-origin";
import { type NewShopRequest, recentlySent, saveRequest } from "../../platform/stores/request-store";
import { saveWithFiles } from "../../platform/stores/upload-store";
import { type FormPageStatus, renderRequestPage, thankYouPath } from "./request-pages";

export const requestRoutes = new Hono<AppEnv>();

/** Posts per address: a person sends one or two; a script sends many. */
export const REQUEST_LIMITS: Record<RequestKind, FormLimit> = {
  callback: { limit: 5, windowSeconds: 15 * 60 },
  consultation: { limit: 5, windowSeconds: 15 * 60 },
  wholesale: { limit: 5, windowSeconds: 60 * 60 },
  partnership: { limit: 5, windowSeconds: 60 * 60 },
};

function isKind(value: string): value is RequestKind {
  return Object.hasOwn(REQUEST_THANKS, value);
}

/** The visitor's words as a new request (the schema has cleaned them). */
function toRequest(
  kind: RequestKind,
  fields: Record<string, string>,
): { request: NewShopRequest } | { errors: Record<string, string> } {
  if (kind === "callback") {
    const r = checkForm(callbackSchema, fields);
    return r.ok ? { request: { kind, ...r.value } } : { errors: r.errors as Record<string, string> };
  }
  if (kind === "consultation") {
    const r = checkForm(consultationSchema, fields);
    return r.ok
      ? { request: { kind, name: r.value.name, phone: r.value.phone, message: r.value.question } }
      : { errors: r.errors as Record<string, string> };
  }
  const r = checkForm(kind === "wholesale" ? wholesaleSchema : partnershipSchema, fields);
  return r.ok ? { request: { kind, ...r.value } } : { errors: r.errors as Record<string, string> };
}

function answer(
  c: Context<AppEnv>,
  kind: RequestKind,
  body: FormAnswer,
  status: 200 | 422 | 429,
  values: Record<string, string>,
): Promise<Response> | Response {
  if (wantsJson(c)) return c.json(body, status);
  if (body.ok) return c.redirect(thankYouPath(kind), 303);
  const state: FormState = {
    values,
    errors: body.errors ?? {},
    alert: body.errors && Object.keys(body.errors).length > 0 ? null : body.message,
    sent: false,
  };
  return renderRequestPage(c, kind, state, status as FormPageStatus);
}

requestRoutes.post("/:kind", async (c) => {
  const kind = c.req.param("kind");
  if (!isKind(kind)) return c.notFound();
  const form = await readFormBody(c);
  const fields = textFields(form);
  const { website: _, ...values } = fields;
  const thanks: FormAnswer = { ok: true, message: REQUEST_THANKS[kind] };

  // A bot filled the hidden field: it sees the thank-you, nothing is kept.
  if (honeypotFilled(form)) return answer(c, kind, thanks, 200, values);

  const checked = toRequest(kind, fields);
  const errors: Record<string, string> = "errors" in checked ? { ...checked.errors } : {};
  const upload: UploadCheck =
    kind === "wholesale"
      ? await checkUpload(firstValue(form, "attachment"), {
          accept: IMAGE_OR_PDF_TYPES,
          maxBytes: maxUploadBytes(c.env.UPLOAD_MAX_BYTES),
        })
      : { ok: true, file: null };
  if (!upload.ok) errors.attachment = upload.message;
  if ("errors" in checked || !upload.ok) {
    const count = Object.keys(errors).length;
    const message = `Please check ${count === 1 ? "one field" : `${count} fields`}.`;
    return answer(c, kind, { ok: false, message, errors }, 422, values);
  }

  const { request } = checked;
  const print = await fingerprint([kind, request.name, request.phone, request.email, request.company, request.message]);
  // The same words again within a few minutes (a second click, a reload): thank them, keep one,
  // and don't count it against their limit.
  if (await recentlySent(c.env.DB, print)) return answer(c, kind, thanks, 200, values);

  const limited = await checkRateLimit(c, `request-${kind}`, REQUEST_LIMITS[kind]);
  if (!limited.allowed) return answer(c, kind, { ok: false, message: limited.message }, 429, values);

  const contacts = await getContacts(c, c.get("locale") ?? "en");
  const receiver = contacts?.receiver ?? null;
  if (!receiver) console.warn(`No contacts.receiver in the CMS: the ${kind} request is stored without an e-mail`);
  const file = upload.file;
  await saveWithFiles(c.env.UPLOADS, "requests", file ? [file] : [], (stored) =>
    saveRequest(c.env.DB, {
      request,
      attachment: stored[0] ?? null,
      fingerprint: print,
      dedupeKey: dedupeKey(print),
      mail: receiver ? requestMail(receiver, request, stored[0] ?? null, siteOrigin(c)) : null,
    }),
  );
  return answer(c, kind, thanks, 200, values);
});
