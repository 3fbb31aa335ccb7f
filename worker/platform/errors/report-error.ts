import { captureException } from "@sentry/cloudflare";
import { currentLogScope } from "../log/log";

/** What an error report is tagged with: the request's route name (else the log scope's: `cron` in a cron run), a cron step, what a mail was about. */
export interface ReportTags {
  route?: string;
  step?: string;
  kind?: string;
}

/**
 * Reports a failure that the shop catches and carries on from (a background task, a cron step, an
 * e-mail delivery) to Sentry, tagged. Without SENTRY_DSN no SDK is started and this does nothing
 * (worker/platform/errors/with-error-reports.ts). Never throws: reporting must not add a failure.
 */
export function reportError(error: unknown, tags: ReportTags): void {
  try {
    const all = { route: currentLogScope()?.route, ...tags };
    const defined = Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
    captureException(error, { tags: defined });
  } catch {
    // The report is lost; the failure's log line (worker/platform/log/log.ts) is not.
  }
}
