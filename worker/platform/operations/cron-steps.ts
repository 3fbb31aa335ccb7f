import { deliverOutbox } from "../mail/deliver-outbox";
import { sweepExpiredCardOrders } from "../payments/card-holds";
import { runPaymentTasks } from "../payments/payment-tasks";
import { sweepRateLimits } from "../security/rate-limit";
import { sweepSessions } from "../session/session-store";
import type { CronStep } from "./cron-run";
import {
  RETENTION_DAYS,
  SWEEP_BATCH,
  sweepEmailProofs,
  sweepSearchMisses,
  sweepSentMails,
  sweepStockAlerts,
} from "./retention";

/**
 * The cron's work (wrangler.toml [triggers], every 5 minutes), step by step: each answers how many
 * things it moved, which its log line and the health page (/staff/health) show.
 */
export const CRON_STEPS: readonly CronStep[] = [
  // Card orders whose payment page expired without a webhook give their stock back.
  { step: "card-holds", run: (env, now) => sweepExpiredCardOrders(env, now) },
  // Instalment orders shipped or cancelled on the desk: capture or refund at the provider, until it succeeds.
  { step: "payment-tasks", run: (env, now) => runPaymentTasks(env, now) },
  { step: "outbox", run: (env) => deliverOutbox(env) },
  // Retention (worker/platform/operations/retention.ts): rows past their age.
  { step: "sweep-rate-limits", run: (env, now) => sweepRateLimits(env.DB, now, SWEEP_BATCH) },
  {
    step: "sweep-sessions",
    run: (env, now) => sweepSessions(env.DB, now, SWEEP_BATCH, RETENTION_DAYS.endedSessions),
  },
  { step: "sweep-sent-mails", run: (env, now) => sweepSentMails(env.DB, now) },
  { step: "sweep-search-misses", run: (env, now) => sweepSearchMisses(env.DB, now) },
  { step: "sweep-stock-alerts", run: (env, now) => sweepStockAlerts(env.DB, now) },
  { step: "sweep-email-proofs", run: (env, now) => sweepEmailProofs(env.DB, now) },
];
