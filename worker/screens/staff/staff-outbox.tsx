import type { Context } from "hono";
import { routePath } from "../../../shared/routes";
import { FlashMessage, setFlash, takeFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { listAudit } from "../../platform/audit/staff-audit-store";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import { MAX_ATTEMPTS } from "../../platform/mail/mailer";
import {
  findMail,
  listOutbox,
  listRetries,
  OUTBOX_STATUSES,
  type OutboxStatus,
  RETRY_ALL_LIMIT,
  retryFailedMails,
} from "../../platform/mail/outbox-desk-store";
import { Pager, pageNumber } from "../../shop/listing/pager";
import { MailCard, RetryList } from "./staff-outbox-view";
import { renderStaffPage, StaffNav } from "./staff-page";

/**
 * `/staff/outbox`: the e-mails the shop sends, by status: what failed and why, with a retry
 * (one, or all failed at once), what is still waiting, and what went out. A retry puts the
 * e-mail back for the cron's next run (outbox-desk-store.ts says why it is not sent from here).
 */
const PER_PAGE = 25;

const TABS: Record<OutboxStatus, string> = { failed: "Failed", pending: "Waiting", sent: "Sent" };

const INTRO: Record<OutboxStatus, string> = {
  failed: `These e-mails could not be sent after ${MAX_ATTEMPTS} tries. Check why; once the reason is fixed (the mail service is back, the address is corrected), retry them.`,
  pending: "These e-mails go out with the next send, every 5 minutes. Those that failed before are tried again.",
  sent: "E-mails the mail service accepted, newest first.",
};

function readStatus(c: Context<AppEnv>): OutboxStatus {
  const status = c.req.query("status") ?? "";
  return (OUTBOX_STATUSES as readonly string[]).includes(status) ? (status as OutboxStatus) : "failed";
}

async function renderOutbox(
  c: Context<AppEnv>,
  view: { status: OutboxStatus; page: number },
  alert?: string,
  code: 200 | 404 | 409 | 422 = 200,
): Promise<Response> {
  const [{ mails, counts }, retries] = await Promise.all([
    listOutbox(c.env.DB, view.status, { page: view.page, perPage: PER_PAGE }),
    listRetries(c.env.DB),
  ]);
  const flash = takeFlash(c);
  const pages = Math.max(1, Math.ceil(counts[view.status] / PER_PAGE));
  return renderStaffPage(
    c,
    {
      title: "E-mails · Staff",
      body: (
        <section className="container page-section staff">
          <StaffNav current="outbox" />
          <FlashMessage flash={flash} />
          {alert && (
            <div className="notice notice--error" role="alert">
              {alert}
            </div>
          )}
          <div className="staff-head">
            <h1>E-mails</h1>
            {view.status === "failed" && counts.failed > 0 && (
              <form method="post" action={routePath("staff-outbox")}>
                <input type="hidden" name="action" value="retry-all" />
                <button type="submit" className="button">
                  Retry all failed
                </button>
              </form>
            )}
          </div>
          <nav className="staff-tabs" aria-label="E-mails by status">
            <ul>
              {OUTBOX_STATUSES.map((status) => (
                <li key={status}>
                  <a
                    href={routePath("staff-outbox", { query: { status: status === "failed" ? undefined : status } })}
                    aria-current={status === view.status ? "page" : undefined}
                  >
                    {TABS[status]} <span className="staff-tabs__count">{counts[status]}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="muted">{INTRO[view.status]}</p>
          {mails.length === 0 ? (
            <p role="status">
              {view.status === "failed" ? "No e-mail has failed. Nothing to do here." : "No e-mails here."}
            </p>
          ) : (
            <ul className="staff-mails">
              {mails.map((mail) => (
                <MailCard key={mail.id} mail={mail} />
              ))}
            </ul>
          )}
          <Pager
            base={routePath("staff-outbox")}
            query={view.status === "failed" ? {} : { status: view.status }}
            page={view.page}
            pageCount={pages}
            around={2}
            label="Pages of e-mails"
          />
          <h2>Recent retries</h2>
          <RetryList retries={retries} />
        </section>
      ),
    },
    code,
  );
}

export function outboxPage(c: Context<AppEnv>): Promise<Response> {
  return renderOutbox(c, { status: readStatus(c), page: pageNumber(c.req.query("page")) ?? 1 });
}

/** Why one e-mail's retry found nothing to put back: gone, or no longer failed (and who moved it). */
async function notRetried(c: Context<AppEnv>, id: number): Promise<Response> {
  const failedView = { status: "failed" as const, page: 1 };
  const mail = await findMail(c.env.DB, id);
  if (!mail) return renderOutbox(c, failedView, "There is no such e-mail in the outbox.", 404);
  const [latest] = await listAudit(c.env.DB, "outbox", String(id));
  const now = mail.status === "sent" ? "it has been sent" : "it is waiting to be sent";
  const who = latest ? `It was retried by ${latest.staffName} meanwhile: ${now}.` : `It is no longer failed: ${now}.`;
  return renderOutbox(c, failedView, `The e-mail to ${mail.recipient} needs no retry. ${who}`, 409);
}

export async function postOutbox(c: Context<AppEnv>): Promise<Response> {
  const values = textFields(await readFormBody(c));
  const staff = c.get("staff");
  if (!staff) throw new Error("The staff desk's actions run behind staffOnly");
  const actor = { id: staff.id, name: staff.name };
  const later = "It goes out with the next send, within 5 minutes.";

  if (values.action === "retry-all") {
    const retried = await retryFailedMails(c.env.DB, actor);
    const more = retried === RETRY_ALL_LIMIT ? " There are more: retry all again for the rest." : "";
    setFlash(
      c,
      retried === 0
        ? { kind: "info", text: "No e-mail has failed: nothing to retry." }
        : {
            kind: "success",
            text: `${retried} e-mail${retried === 1 ? " is" : "s are"} back in the queue. ${later}${more}`,
          },
    );
    return c.redirect(routePath("staff-outbox"), 303);
  }

  const id = /^[1-9]\d{0,14}$/.test(values.id ?? "") ? Number(values.id) : null;
  if (values.action !== "retry" || id === null) {
    return renderOutbox(
      c,
      { status: "failed", page: 1 },
      "That form was not complete. Please use the buttons on this page.",
      422,
    );
  }
  if ((await retryFailedMails(c.env.DB, actor, id)) === 0) return notRetried(c, id);
  const mail = await findMail(c.env.DB, id);
  setFlash(c, {
    kind: "success",
    text: `The e-mail to ${mail?.recipient ?? "the customer"} is back in the queue. ${later}`,
  });
  return c.redirect(routePath("staff-outbox"), 303);
}
