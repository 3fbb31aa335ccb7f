import type { Context } from "hono";
import { setFlash } from "../../../frame/personal/flash";
import type { Flash } from "../../../frame/personal/personal-fragment";
import type { AppEnv } from "../../../platform/app-env";
import { type Actor, type AuditEntry, listAudit } from "../../../platform/audit/staff-audit-store";
import { type FormBody, readFormBody, textFields } from "../../../platform/forms/form-guard";

/**
 * Every post of the staff desk goes through one pipeline (decision 0098): the staff member the
 * gate let in, the form, the check that the form was shown from the record as it is (else
 * "changed by … meanwhile" with the record as it is now), the action itself (its store writes the
 * audit row in the change's batch, named by `actor`), and a 303 with a flash once it is saved.
 * A desk says only what differs: how it finds its record, draws its page and words the refusal.
 */
export const INCOMPLETE = "That form was not complete. Please use the buttons on this page.";

/** What a desk page shows above its forms after a refused post. */
export interface DeskState {
  alert?: string;
  /**
   * A post whose "Yes, …" box was not ticked: which action, the refusal, and the form as it was sent
   * (a page that draws it beside the box keeps what was typed, e.g. a cancel's reason, and drops `alert`).
   */
  unticked?: { action: string; error: string; form: Record<string, string> };
}

/** How an action ends: saved, refused with the page again, overtaken by someone else, or its own answer. */
export type DeskAnswer<S> =
  | { done: Flash; to: string }
  | { again: S; status: 409 | 422 }
  | { meanwhile: true }
  | { response: Response };

export interface DeskStep {
  c: Context<AppEnv>;
  /** The form's text fields. */
  form: Record<string, string>;
  /** The whole body, files included (a delivery's CSV). */
  body: FormBody;
  /** Who acts: the audit row's staff member. */
  actor: Actor;
}

/** Where a record's audit rows are; `since`: only a change after this moment counts. */
export interface AuditRef {
  kind: string;
  ref: string;
  since?: string;
}

/** The last staff change to a record (after `since`, when given), from its audit log. */
export async function latestChange(c: Context<AppEnv>, audit: AuditRef): Promise<AuditEntry | null> {
  const [latest] = await listAudit(c.env.DB, audit.kind, audit.ref);
  return latest && (audit.since === undefined || latest.createdAt > audit.since) ? latest : null;
}

function actorOf(c: Context<AppEnv>): Actor {
  const staff = c.get("staff");
  if (!staff) throw new Error("The staff desk's actions run behind staffOnly");
  return { id: staff.id, name: staff.name };
}

async function stepOf(c: Context<AppEnv>): Promise<DeskStep> {
  const actor = actorOf(c);
  const body = await readFormBody(c);
  return { c, form: textFields(body), body, actor };
}

function settle<S>(
  c: Context<AppEnv>,
  answer: Exclude<DeskAnswer<S>, { meanwhile: true }>,
  again: (state: S, status: 409 | 422) => Promise<Response>,
): Promise<Response> | Response {
  if ("response" in answer) return answer.response;
  if ("again" in answer) return again(answer.again, answer.status);
  setFlash(c, answer.done);
  return c.redirect(answer.to, 303);
}

/** A post to one of the desk's lists (add a rule, import a delivery, retry e-mails): no record in the path. */
export function listAction<S extends DeskState>(
  render: (c: Context<AppEnv>, state: S, status: 409 | 422) => Promise<Response>,
  act: (step: DeskStep) => Promise<Exclude<DeskAnswer<NoInfer<S>>, { meanwhile: true }>>,
) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const step = await stepOf(c);
    return settle(c, await act(step), (state, status) => render(c, state, status));
  };
}

/** A record the desk changes: an order, a request, a review, a product's stock, a redirect rule. */
export interface DeskRecord<T, S extends DeskState> {
  /** The record the path names, or null (a malformed reference never reaches D1). */
  find(c: Context<AppEnv>): Promise<T | null>;
  /** The answer when the path names none (or it was deleted meanwhile). */
  missing(c: Context<AppEnv>): Promise<Response>;
  /** The record's page again; every desk's state takes a bare alert. */
  render(c: Context<AppEnv>, record: T, state: NoInfer<S> | DeskState, status: 409 | 422): Promise<Response>;
  /** Whether the form was shown from the record as it is; null when it is not this page's form. */
  fresh(record: T, form: Record<string, string>): boolean | null;
  audit(record: T, form: Record<string, string>): AuditRef;
  /** Who changed it when its audit log names nobody (an order that moved stock). */
  nobody?: string;
  /** The refusal of a save from an older copy, naming who changed the record. */
  meanwhile(now: T, who: string, form: Record<string, string>): S;
  /**
   * The question an action asks first, when it undoes something or tells the shopper (a cancel, a
   * delete): its form carries a box with these words (DeskForm `confirm`), and unticked nothing is done.
   */
  asksFirst?(form: Record<string, string>): string | null;
}

/** The box a destructive action's form carries (DeskForm `confirm`): its name and the value a tick sends. */
export const CONFIRMED = { name: "confirmed", value: "yes" } as const;

/** The usual freshness: a known action, and the version the form showed against the record's. */
export function sameVersion(form: Record<string, string>, version: number, known: (action: string) => boolean) {
  const seen = Number.parseInt(form.version ?? "", 10);
  if (!known(form.action ?? "") || !Number.isInteger(seen)) return null;
  return seen === version;
}

/** A post to a record's page. */
export function recordAction<T, S extends DeskState>(
  desk: DeskRecord<T, S>,
  act: (step: DeskStep & { record: T }) => Promise<DeskAnswer<NoInfer<S>>>,
) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const record = await desk.find(c);
    if (!record) return desk.missing(c);
    const step = await stepOf(c);
    const fresh = desk.fresh(record, step.form);
    if (fresh === null) return desk.render(c, record, { alert: INCOMPLETE }, 422);
    const question = fresh ? desk.asksFirst?.(step.form) : null;
    if (question && step.form[CONFIRMED.name] !== CONFIRMED.value) {
      const error = `Nothing was done: tick “${question}” to go ahead.`;
      return desk.render(
        c,
        record,
        { alert: error, unticked: { action: step.form.action ?? "", error, form: step.form } },
        422,
      );
    }
    const answer = fresh ? await act({ ...step, record }) : { meanwhile: true as const };
    if (!("meanwhile" in answer)) return settle(c, answer, (state, status) => desk.render(c, record, state, status));
    // Someone else's change won: nothing of this post was written. The record as it is now, and who.
    const now = await desk.find(c);
    if (!now) return desk.missing(c);
    const latest = await latestChange(c, desk.audit(record, step.form));
    const who = latest?.staffName ?? desk.nobody ?? "someone else";
    return desk.render(c, now, desk.meanwhile(now, who, step.form), 409);
  };
}
