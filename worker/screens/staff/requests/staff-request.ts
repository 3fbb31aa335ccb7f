import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import { changeRequest, type DeskRequest, findDeskRequest } from "../../../platform/requests/request-desk-store";
import { type DeskRecord, INCOMPLETE, recordAction, sameVersion } from "../desk/desk-action";
import { renderStaffMessage } from "../desk/staff-page";
import { isRequestAction, REQUEST_STATUS_LABELS, REQUEST_TRANSITIONS, requestRefusal } from "./request-workflow";
import { NOTE_MAX, type RequestFormState, renderRequest } from "./staff-request-view";

/**
 * `/staff/requests/{id}`: the page, and its forms' posts (a status move or the note). Every post
 * carries the version its page showed; a save from an older copy is refused with who changed it.
 */
const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request the path names, or null (a malformed id never reaches D1). */
export async function findRequestOfPath(c: Context<AppEnv>): Promise<DeskRequest | null> {
  const publicId = c.req.param("publicId") ?? "";
  return PUBLIC_ID.test(publicId) ? findDeskRequest(c.env.DB, publicId) : null;
}

export function requestNotFound(c: Context<AppEnv>): Promise<Response> {
  return renderStaffMessage(c, "Request not found", "There is no request at this address.", 404);
}

export async function requestPage(c: Context<AppEnv>): Promise<Response> {
  const request = await findRequestOfPath(c);
  return request ? renderRequest(c, request) : requestNotFound(c);
}

const REQUEST_DESK: DeskRecord<DeskRequest, RequestFormState> = {
  find: findRequestOfPath,
  missing: requestNotFound,
  render: renderRequest,
  fresh: (request, form) =>
    sameVersion(form, request.version, (action) => isRequestAction(action) || action === "note"),
  audit: (request) => ({ kind: "request", ref: request.publicId }),
  meanwhile: (_now, who, form): RequestFormState => {
    const note = form.action === "note";
    const keep = note ? " Your note is in the box below: save it again if it still stands." : "";
    return {
      alert: `This request was changed by ${who} meanwhile. Here it is as it is now: check it, then try again.${keep}`,
      values: note ? { note: form.note ?? "" } : {},
    };
  },
};

export const postRequest = recordAction(REQUEST_DESK, async ({ c, record: request, form: values, actor }) => {
  const action = values.action ?? "";
  const seenVersion = request.version;
  const back = routePath("staff-request", { publicId: request.publicId });

  if (action === "note") {
    // Line endings as browsers send them (CRLF) are stored as typed; only the ends are trimmed.
    const note = (values.note ?? "").trim();
    if (note.length > NOTE_MAX) {
      return { again: { errors: { note: `Please keep the note under ${NOTE_MAX} characters.` }, values }, status: 422 };
    }
    if (note === (request.staffNote ?? "")) {
      return { done: { kind: "info", text: "The note is unchanged: nothing to save." }, to: back };
    }
    const saved = await changeRequest(c.env.DB, { request, seenVersion, actor, action, note: note || null });
    if (!saved) return { meanwhile: true };
    return { done: { kind: "success", text: note ? "Note saved." : "Note removed." }, to: back };
  }

  if (!isRequestAction(action)) return { again: { alert: INCOMPLETE }, status: 422 };
  const refused = requestRefusal(request.status, action);
  if (refused) return { again: { alert: refused }, status: 422 };
  const to = REQUEST_TRANSITIONS[action].to;
  const saved = await changeRequest(c.env.DB, { request, seenVersion, actor, action, to });
  if (!saved) return { meanwhile: true };
  return { done: { kind: "success", text: `Request from ${request.name}: ${REQUEST_STATUS_LABELS[to]}.` }, to: back };
});
