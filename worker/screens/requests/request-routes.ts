/**
 * POST /requests/{callback|consultation|wholesale|partnership}: a visitor's
 * request to the shop, through the visitor-form pipeline. Plain forms get a
 * redirect to the thank-you (or their page again with messages); islands ask
 * for JSON and stay in place.
 */
import { type Context, Hono } from "hono";
import type * as v from "valibot";
import type { FormSchema } from "../../../shared/forms/form-result";
import { type RequestKind, requestSchemas } from "../../../shared/forms/requests";
import { maxUploadBytes } from "../../../shared/upload-limit";
import { siteOrigin } from "../../frame/head/site-origin";
import { textsOf } from "../../frame/i18n/texts";
import { getContacts } from "../../frame/layout/layout-data";
import type { AppEnv } from "../../platform/app-env";
import { dedupeKey, type FormBody, type FormLimit, firstValue } from "../../platform/forms/form-guard";
import { type FileCheck, handleVisitorForm, NO_FILES, type VisitorForm } from "../../platform/forms/visitor-form";
import { log } from "../../platform/log/log";
import { requestMail } from "../../platform/requests/request-mail";
import { type NewShopRequest, recentlySent, saveRequest } from "../../platform/requests/request-store";
import { REQUESTS } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";
import { type CheckedFile, checkUpload, IMAGE_OR_PDF_TYPES } from "../../platform/security/file-checks";
import { saveWithFiles } from "../../platform/uploads/upload-store";
import { renderRequestPage, thankYouPath } from "./request-pages";

/** A request form: one attachment at most, at the requests' limits (each form keeps its own as well). */
const REQUEST_FORM: WriteSpec = {
  body: "upload",
  files: 1,
  limits: REQUESTS,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

export const requestRoutes = new Hono<AppEnv>();

/** Posts per visitor (the account, else the visitor id): a person sends one or two; a script sends many. */
export const REQUEST_LIMITS: Record<RequestKind, FormLimit> = {
  callback: { limit: 5, windowSeconds: 15 * 60 },
  consultation: { limit: 5, windowSeconds: 15 * 60 },
  wholesale: { limit: 5, windowSeconds: 60 * 60 },
  partnership: { limit: 5, windowSeconds: 60 * 60 },
};

/** The wholesale enquiry's optional file: an image or a PDF, checked by its content. */
async function checkAttachment(c: Context<AppEnv>, body: FormBody): Promise<FileCheck<CheckedFile | null>> {
  const upload = await checkUpload(firstValue(body, "attachment"), {
    accept: IMAGE_OR_PDF_TYPES,
    maxBytes: maxUploadBytes(c.env.UPLOAD_MAX_BYTES),
    t: textsOf(c),
  });
  return upload.ok ? { errors: {}, files: upload.file } : { errors: { attachment: upload.message }, files: null };
}

/** One kind of request as a visitor form: its schema, and how its words become a stored request. */
function requestForm<S extends FormSchema>(
  c: Context<AppEnv>,
  kind: RequestKind,
  schema: S,
  toRequest: (value: v.InferOutput<S>) => Omit<NewShopRequest, "kind">,
): VisitorForm<S, CheckedFile | null> {
  return {
    schema,
    thanks: textsOf(c).m.visitorForms.thanks[kind],
    limit: { action: `request-${kind}`, rule: REQUEST_LIMITS[kind] },
    checkFiles: async (body) => (kind === "wholesale" ? checkAttachment(c, body) : NO_FILES),
    sameness: (value) => {
      const request = toRequest(value);
      return [kind, request.name, request.phone, request.email, request.company, request.message];
    },
    recentlySent: (print) => recentlySent(c.env.DB, print),
    save: async (value, file, print) => {
      const request: NewShopRequest = { kind, ...toRequest(value) };
      const contacts = await getContacts(c, c.get("locale") ?? "en");
      const receiver = contacts?.receiver ?? null;
      if (!receiver) log.warn("No contacts.receiver in the CMS: the request is stored without an e-mail", { kind });
      await saveWithFiles(c.env.UPLOADS, "requests", file ? [file] : [], (stored) =>
        saveRequest(c.env.DB, {
          request,
          attachment: stored[0] ?? null,
          fingerprint: print,
          dedupeKey: dedupeKey(print),
          mail: receiver
            ? (publicId) => requestMail(receiver, { ...request, publicId }, stored[0] ?? null, siteOrigin(c))
            : null,
        }),
      );
    },
    sentPath: thankYouPath(kind),
    renderAgain: (state, status) => renderRequestPage(c, kind, state, status),
  };
}

requestRoutes.post("/:kind", writes(REQUEST_FORM), (c) => {
  const kind = c.req.param("kind");
  const schemas = requestSchemas(textsOf(c).m);
  switch (kind) {
    case "callback":
      return handleVisitorForm(
        c,
        requestForm(c, kind, schemas.callback, (request) => request),
      );
    case "consultation":
      return handleVisitorForm(
        c,
        requestForm(c, kind, schemas.consultation, ({ question, ...request }) => ({ ...request, message: question })),
      );
    case "wholesale":
      return handleVisitorForm(
        c,
        requestForm(c, kind, schemas.wholesale, (request) => request),
      );
    case "partnership":
      return handleVisitorForm(
        c,
        requestForm(c, kind, schemas.partnership, (request) => request),
      );
    default:
      return c.notFound();
  }
});
