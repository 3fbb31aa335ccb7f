import { errorWords } from "../../../shared/log/log-line";
import { log, withLogScope } from "../log/log";
import { markStatement, type StepMark } from "./ops-marks";

/** One step of the cron's work: its name, and what it does, answering how many things it moved. */
export interface CronStep {
  step: string;
  run: (env: Env, now: number) => Promise<number>;
}

/**
 * Runs the cron's steps side by side (one failing never stops another), writes one log line per step
 * (an error line for a failed one: worker/platform/log/log.ts) and records the run in ops_marks for
 * the health page. `onFailure` hears of each failed step (error reporting, when configured).
 */
export async function runCron(
  env: Env,
  steps: readonly CronStep[],
  now: number,
  onFailure: (step: string, error: unknown) => void = () => {},
): Promise<StepMark[]> {
  return withLogScope({ requestId: `cron-${new Date(now).toISOString()}`, route: "cron" }, async () => {
    const marks = await Promise.all(
      steps.map(async ({ step, run }): Promise<StepMark> => {
        const started = Date.now();
        try {
          const count = await run(env, now);
          const mark = { step, ok: true, count, error: null, ms: Date.now() - started };
          log.info("Cron step done", { step, count, durationMs: mark.ms });
          return mark;
        } catch (error) {
          const mark = { step, ok: false, count: 0, error: errorWords(error), ms: Date.now() - started };
          log.error("Cron step failed", { step, error, durationMs: mark.ms });
          onFailure(step, error);
          return mark;
        }
      }),
    );
    try {
      await markStatement(env.DB, "cron", new Date(now).toISOString(), { steps: marks }).run();
    } catch (error) {
      log.error("Recording the cron run failed", { error });
    }
    return marks;
  });
}
