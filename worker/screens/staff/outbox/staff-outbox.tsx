import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import { MAX_ATTEMPTS } from "../../../platform/mail/mailer";
import {
  findMail,
  listOutbox,
  listRetries,
  OUTBOX_STATUSES,
  type OutboxStatus,
  RETRY_ALL_LIMIT,
  retryFailedMails,
} from "../../../platform/mail/outbox-desk-store";
import { Pager, pageNumber } from "../../../shop/listing/pager";
import { type DeskState, INCOMPLETE, latestChange, listAction } from "../desk/desk-action";
import { renderStaffList } from "../desk/staff-list";
import { MailCard, RetryList } from "./staff-outbox-view";

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
  const pages = Math.max(1, Math.ceil(counts[view.status] / PER_PAGE));
  return renderStaffList(
    c,
    {
      title: "E-mails · Staff",
      section: "outbox",
      alert: alert,
      body: (
        <>
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
        </>
      ),
    },
    code,
  );
}

export function outboxPage(c: Context<AppEnv>): Promise<Response> {
  return renderOutbox(c, { status: readStatus(c), page: pageNumber(c.req.query("page")) ?? 1 });
}

const FAILED_VIEW = { status: "failed", page: 1 } as const;

/** Why one e-mail's retry found nothing to put back: gone, or no longer failed (and who moved it). */
async function notRetried(c: Context<AppEnv>, id: number): Promise<Response> {
  const mail = await findMail(c.env.DB, id);
  if (!mail) return renderOutbox(c, FAILED_VIEW, "There is no such e-mail in the outbox.", 404);
  const latest = await latestChange(c, { kind: "outbox", ref: String(id) });
  const now = mail.status === "sent" ? "it has been sent" : "it is waiting to be sent";
  const who = latest ? `It was retried by ${latest.staffName} meanwhile: ${now}.` : `It is no longer failed: ${now}.`;
  return renderOutbox(c, FAILED_VIEW, `The e-mail to ${mail.recipient} needs no retry. ${who}`, 409);
}

const LATER = "It goes out with the next send, within 5 minutes.";

export const postOutbox = listAction<DeskState>(
  (c, state, status) => renderOutbox(c, FAILED_VIEW, state.alert, status),
  async ({ c, form, actor }) => {
    if (form.action === "retry-all") {
      const retried = await retryFailedMails(c.env.DB, actor);
      const more = retried === RETRY_ALL_LIMIT ? " There are more: retry all again for the rest." : "";
      const back = `${retried} e-mail${retried === 1 ? " is" : "s are"} back in the queue. ${LATER}${more}`;
      return {
        done:
          retried === 0
            ? { kind: "info", text: "No e-mail has failed: nothing to retry." }
            : { kind: "success", text: back },
        to: routePath("staff-outbox"),
      };
    }
    const id = /^[1-9]\d{0,14}$/.test(form.id ?? "") ? Number(form.id) : null;
    if (form.action !== "retry" || id === null) return { again: { alert: INCOMPLETE }, status: 422 };
    if ((await retryFailedMails(c.env.DB, actor, id)) === 0) return { response: await notRetried(c, id) };
    const mail = await findMail(c.env.DB, id);
    const text = `The e-mail to ${mail?.recipient ?? "the customer"} is back in the queue. ${LATER}`;
    return { done: { kind: "success", text }, to: routePath("staff-outbox") };
  },
);
