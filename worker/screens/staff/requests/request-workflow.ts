import type { RequestKind } from "../../../../shared/forms/requests";
import type { RequestStatus } from "../../../platform/requests/request-store";
import { actionsFrom, isActionOf, type Transition } from "../desk/workflow";

/**
 * The one state machine of a visitor's request on the staff desk (decision 0074):
 * new → in progress → done, or spam from new or in progress. A request closed by mistake
 * (done or spam) can be reopened, back to in progress: without it a wrong click would need SQL.
 * Done straight from new is refused: someone has to have picked the request up first.
 */
export const REQUEST_ACTIONS = ["start", "done", "spam", "reopen"] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

export const REQUEST_TRANSITIONS: Record<RequestAction, Transition<RequestStatus>> = {
  start: { from: ["new"], to: "in_progress", label: "Start working on it" },
  done: { from: ["in_progress"], to: "done", label: "Mark as done" },
  spam: { from: ["new", "in_progress"], to: "spam", label: "Mark as spam" },
  reopen: { from: ["done", "spam"], to: "in_progress", label: "Reopen" },
};

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: "New",
  in_progress: "In progress",
  done: "Done",
  spam: "Spam",
};

/** Short names for the list and the filter (the forms' own titles are longer). */
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  callback: "Call back",
  consultation: "Consultation",
  wholesale: "Wholesale",
  partnership: "Partnership",
};

export function isRequestAction(value: string): value is RequestAction {
  return isActionOf(REQUEST_ACTIONS, value);
}

/** The actions the request's status allows, in the order the desk shows them. */
export function allowedRequestActions(status: RequestStatus): RequestAction[] {
  return actionsFrom(REQUEST_ACTIONS, REQUEST_TRANSITIONS, status);
}

/** Why an action is refused for a request in this status, in words staff can act on; null when allowed. */
export function requestRefusal(status: RequestStatus, action: RequestAction): string | null {
  if (REQUEST_TRANSITIONS[action].from.includes(status)) return null;
  if (action === "done" && status === "new") {
    return "Start working on this request first: it can be marked as done once someone has picked it up.";
  }
  if (action === "reopen") return "This request is still open: there is nothing to reopen.";
  const closed = status === "done" || status === "spam" ? " Reopen it first if it needs more work." : "";
  return `“${REQUEST_TRANSITIONS[action].label}” is not possible for a request that is ${REQUEST_STATUS_LABELS[status].toLowerCase()}.${closed}`;
}
