import { routePath } from "../../../../shared/links";
import type { DeskMail, MailRetry } from "../../../platform/mail/outbox-desk-store";
import { staffDate } from "../desk/staff-page";
import { Fact } from "../desk/staff-record";

/**
 * The outbox page's pieces: one card per e-mail (a table would hide the reason and the retry
 * button off-screen on a phone) and the latest retries, the outbox's audit. The body of an
 * e-mail is never shown: it can hold a shopper's password-reset link.
 */
const KIND_LABELS: Record<string, string> = {
  "reset-password": "Password reset",
  "email-confirmation": "E-mail confirmation",
  "order-confirmation": "Order confirmation",
  "order-received": "New order (to the shop)",
  "order-status": "Order status",
  "review-new": "New review (to the shop)",
  "request-callback": "Call-back request (to the shop)",
  "request-consultation": "Consultation request (to the shop)",
  "request-wholesale": "Wholesale enquiry (to the shop)",
  "request-partnership": "Partnership enquiry (to the shop)",
};

function When({ at }: { at: string }) {
  return <time dateTime={at}>{staffDate.format(new Date(at))}</time>;
}

export function MailCard({ mail }: { mail: DeskMail }) {
  return (
    <li className={`staff-mail staff-mail--${mail.status}`}>
      <h3 className="staff-mail__subject">{mail.subject}</h3>
      <dl className="staff-mail__facts">
        <div className="staff-mail__to">
          <dt>To</dt>
          <dd>{mail.recipient}</dd>
        </div>
        <Fact term="What">{KIND_LABELS[mail.kind] ?? mail.kind}</Fact>
        <Fact term="Queued">
          <When at={mail.createdAt} />
        </Fact>
        {mail.status === "sent" && mail.sentAt ? (
          <Fact term="Sent">
            <When at={mail.sentAt} />
          </Fact>
        ) : (
          <Fact term="Attempts">
            {mail.lastAttemptAt ? (
              <>
                {`${mail.attempts}, last `}
                <When at={mail.lastAttemptAt} />
              </>
            ) : (
              mail.attempts
            )}
          </Fact>
        )}
      </dl>
      {mail.status !== "sent" && (mail.lastError || mail.status === "failed") && (
        <p className="staff-mail__why">
          <strong>Why: </strong>
          {mail.lastError ?? "not recorded (it failed before the shop kept the reasons)."}
        </p>
      )}
      {mail.status === "failed" && (
        <form method="post" action={routePath("staff-outbox")} className="staff-mail__retry">
          <input type="hidden" name="action" value="retry" />
          <input type="hidden" name="id" value={String(mail.id)} />
          <button type="submit" className="button button--outlined">
            Retry<span className="visually-hidden"> the e-mail to {mail.recipient}</span>
          </button>
        </form>
      )}
    </li>
  );
}

export function RetryList({ retries }: { retries: MailRetry[] }) {
  if (retries.length === 0) return <p className="muted">No e-mail has been retried yet.</p>;
  return (
    <ul className="staff-audit">
      {retries.map((retry) => (
        <li key={retry.id}>
          <When at={retry.createdAt} />
          {` ${retry.staffName} retried the e-mail ${retry.recipient ? `to ${retry.recipient}` : `#${retry.mailId}`}`}
          {retry.subject && <span className="staff-table__sub">{retry.subject}</span>}
        </li>
      ))}
    </ul>
  );
}
