/*
 * The health page's judgements (/staff/health): one pure function per line, each answering its
 * colour, the word said beside it (colour is never the only signal) and the threshold it was judged
 * by, written out for the reader. Tested at their edges in tests/worker/staff-health.test.ts.
 */
import type { CronMark, WebhookMark } from "./ops-marks";

export type HealthLevel = "green" | "amber" | "red";

export interface HealthSignal {
  level: HealthLevel;
  /** "Good", "Look", "Act": what the colour says, in words. */
  word: string;
  /** The rule the line was judged by, as the page shows it. */
  threshold: string;
}

const WORDS: Record<HealthLevel, string> = { green: "Good", amber: "Look", red: "Act" };

function signal(level: HealthLevel, threshold: string): HealthSignal {
  return { level, word: WORDS[level], threshold };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** D1's largest database (Workers Paid): 10 GB. */
export const D1_LIMIT_BYTES = 10 * 1000 ** 3;

export const THRESHOLDS = {
  /** The cron runs every 5 minutes (wrangler.toml): two runs missed is a look, six an act. */
  cronAmberMinutes: 10,
  cronRedMinutes: 30,
  /** Waiting e-mails go within a run or two: 15 minutes is a look, an hour an act. */
  outboxAmberMinutes: 15,
  outboxRedMinutes: 60,
  /** Failed e-mails wait for staff (/staff/outbox): any is a look, ten an act. */
  failedAmber: 1,
  failedRed: 10,
  /** D1's size against its limit. */
  d1AmberShare: 0.5,
  d1RedShare: 0.8,
  /**
   * Captures and refunds an instalment provider keeps refusing (docs/decisions/0122-an-instalment-order-names-its-provider.md):
   * any is a look; five, or one failing for a day (the provider's own deadline draws near), an act.
   */
  paymentTasksAmber: 1,
  paymentTasksRed: 5,
  paymentTaskRedHours: 24,
  /** The CMS sends a webhook on every change: none for 30 days is a look (its settings may be wrong). */
  webhookAmberDays: 30,
} as const;

/** The last cron run: how long ago, and whether each of its steps did its work. */
export function cronHealth(mark: CronMark | null, now: number): HealthSignal {
  const rule = `good within ${THRESHOLDS.cronAmberMinutes} min and every step done; act past ${THRESHOLDS.cronRedMinutes} min`;
  if (!mark) return signal("red", `${rule} (no run recorded)`);
  const age = now - Date.parse(mark.at);
  if (!(age <= THRESHOLDS.cronRedMinutes * MINUTE)) return signal("red", rule);
  if (age > THRESHOLDS.cronAmberMinutes * MINUTE || mark.steps.some((step) => !step.ok)) return signal("amber", rule);
  return signal("green", rule);
}

/** E-mails waiting: judged by the oldest one's wait. */
export function outboxWaitingHealth(oldestWaiting: string | null, now: number): HealthSignal {
  const rule = `good when the oldest waits under ${THRESHOLDS.outboxAmberMinutes} min; act from ${THRESHOLDS.outboxRedMinutes} min`;
  if (!oldestWaiting) return signal("green", rule);
  const wait = now - Date.parse(oldestWaiting);
  if (wait >= THRESHOLDS.outboxRedMinutes * MINUTE) return signal("red", rule);
  if (wait >= THRESHOLDS.outboxAmberMinutes * MINUTE) return signal("amber", rule);
  return signal("green", rule);
}

/** E-mails that failed every try and wait for staff. */
export function outboxFailedHealth(failed: number): HealthSignal {
  const rule = `good at 0; look from ${THRESHOLDS.failedAmber}; act from ${THRESHOLDS.failedRed}`;
  if (failed >= THRESHOLDS.failedRed) return signal("red", rule);
  if (failed >= THRESHOLDS.failedAmber) return signal("amber", rule);
  return signal("green", rule);
}

/** Payment tasks that have failed and are not done: how many, and since when the oldest was queued. */
export function paymentTasksHealth(failing: number, oldest: string | null, now: number): HealthSignal {
  const rule = `good at 0; look from ${THRESHOLDS.paymentTasksAmber}; act from ${THRESHOLDS.paymentTasksRed}, or when one has failed for ${THRESHOLDS.paymentTaskRedHours} h`;
  const age = oldest ? now - Date.parse(oldest) : 0;
  if (failing >= THRESHOLDS.paymentTasksRed || age >= THRESHOLDS.paymentTaskRedHours * 60 * MINUTE) {
    return signal("red", rule);
  }
  if (failing >= THRESHOLDS.paymentTasksAmber) return signal("amber", rule);
  return signal("green", rule);
}

/** The last webhook from the CMS. */
export function webhookHealth(mark: WebhookMark | null, now: number): HealthSignal {
  const rule = `good when one came within ${THRESHOLDS.webhookAmberDays} days`;
  if (!mark || now - Date.parse(mark.at) > THRESHOLDS.webhookAmberDays * DAY) return signal("amber", rule);
  return signal("green", rule);
}

/** The search index: built, and holding products. */
export function searchHealth(builtAt: number | null, products: number): HealthSignal {
  const rule = "good when built and holding products; act when never built or empty";
  if (builtAt === null || products === 0) return signal("red", rule);
  return signal("green", rule);
}

/** D1's size against its 10 GB limit. */
export function databaseHealth(bytes: number): HealthSignal {
  const rule = `good under ${THRESHOLDS.d1AmberShare * 100} % of 10 GB; act from ${THRESHOLDS.d1RedShare * 100} %`;
  const share = bytes / D1_LIMIT_BYTES;
  if (share >= THRESHOLDS.d1RedShare) return signal("red", rule);
  if (share >= THRESHOLDS.d1AmberShare) return signal("amber", rule);
  return signal("green", rule);
}

/** The running build: known from the version metadata binding (wrangler.toml), or a local run. */
export function buildHealth(deploymentId: string): HealthSignal {
  const rule = "good when the version metadata names the deployment";
  return signal(deploymentId && deploymentId !== "local" ? "green" : "amber", rule);
}
