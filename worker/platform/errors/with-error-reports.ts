import { withSentry } from "@sentry/cloudflare";
import { reportOptions } from "./report-options";

type Handler = Required<Pick<ExportedHandler<Env>, "fetch" | "scheduled">>;

/**
 * The worker's handlers, reported to Sentry when SENTRY_DSN is set (decision 0115). Without it the
 * handlers run exactly as written: the SDK wraps the bindings (D1, R2) and the execution context
 * it is given, so it is given them only when it will send something.
 */
export function withErrorReports(handler: Handler): Handler {
  const reported = withSentry(reportOptions, { ...handler });
  return {
    fetch: (request, env, ctx) => (env.SENTRY_DSN ? reported : handler).fetch(request, env, ctx),
    scheduled: (controller, env, ctx) => (env.SENTRY_DSN ? reported : handler).scheduled(controller, env, ctx),
  };
}
