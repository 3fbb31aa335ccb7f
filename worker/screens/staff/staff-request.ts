import type { Context } from "hono";
import { routePath } from "../../../shared/routes";
import { setFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { type Actor, listAudit } from "../../platform/audit/staff-audit-store";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import { changeRequest, type DeskRequest, findDeskRequest } from "../../platform/requests/request-desk-store";
import { isRequestAction, REQUEST_STATUS_LABELS, REQUEST_TRANSITIONS, requestRefusal } from "./request-workflow";
import { renderStaffMessage } from "./staff-page";
import { NOTE_MAX, renderRequest } from "./staff-request-view";

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

/** The refusal of a stale save: the request as it is now, with who changed it last. */
async function changedMeanwhile(
  c: Context<AppEnv>,
  request: DeskRequest,
  values: Record<string, string>,
): Promise<Response> {
  const now = (await findDeskRequest(c.env.DB, request.publicId)) ?? request;
  const [latest] = await listAudit(c.env.DB, "request", now.publicId);
  const who = latest?.staffName ?? "someone else";
  const keep = values.action === "note" ? " Your note is in the box below: save it again if it still stands." : "";
  return renderRequest(
    c,
    now,
    {
      alert: `This request was changed by ${who} meanwhile. Here it is as it is now: check it, then try again.${keep}`,
      values: values.action === "note" ? { note: values.note ?? "" } : {},
    },
    409,
  );
}

export async function postRequest(c: Context<AppEnv>): Promise<Response> {
  const request = await findRequestOfPath(c);
  if (!request) return requestNotFound(c);
  const values = textFields(await readFormBody(c));
  const action = values.action ?? "";
  const seenVersion = Number.parseInt(values.version ?? "", 10);
  const staff = c.get("staff");
  if (!staff) throw new Error("The staff desk's actions run behind staffOnly");
  const actor: Actor = { id: staff.id, name: staff.name };
  if ((!isRequestAction(action) && action !== "note") || !Number.isInteger(seenVersion)) {
    return renderRequest(
      c,
      request,
      { alert: "That form was not complete. Please use the buttons on this page." },
      422,
    );
  }
  if (seenVersion !== request.version) return changedMeanwhile(c, request, values);
  const back = routePath("staff-request", { publicId: request.publicId });

  if (action === "note") {
    // Line endings as browsers send them (CRLF) are stored as typed; only the ends are trimmed.
    const note = (values.note ?? "").trim();
    if (note.length > NOTE_MAX) {
      return renderRequest(
        c,
        request,
        { errors: { note: `Please keep the note under ${NOTE_MAX} characters.` }, values },
        422,
      );
    }
    if (note === (request.staffNote ?? "")) {
      setFlash(c, { kind: "info", text: "The note is unchanged: nothing to save." });
      return c.redirect(back, 303);
    }
    const saved = await changeRequest(c.env.DB, { request, seenVersion, actor, action, note: note || null });
    if (!saved) return changedMeanwhile(c, request, values);
    setFlash(c, { kind: "success", text: note ? "Note saved." : "Note removed." });
    return c.redirect(back, 303);
  }

  const refused = requestRefusal(request.status, action);
  if (refused) return renderRequest(c, request, { alert: refused }, 422);
  const to = REQUEST_TRANSITIONS[action].to;
  const saved = await changeRequest(c.env.DB, { request, seenVersion, actor, action, to });
  if (!saved) return changedMeanwhile(c, request, values);
  setFlash(c, { kind: "success", text: `Request from ${request.name}: ${REQUEST_STATUS_LABELS[to]}.` });
  return c.redirect(back, 303);
}
