import { onTestFinished, vi } from "vitest";

/**
 * Rate limits count in fixed windows (a minute, ten minutes; worker/platform/security/rate-limit.ts):
 * the test's clock (only `Date` is faked) moves to the first millisecond of the next ten-minute
 * window, the start of a minute window too, so a burst always lands in one window and nothing waits.
 * The real clock is given back when the test ends. Every test that counts up to a limit calls it
 * first: on the real clock a burst that straddles a window's end is counted in two windows and never
 * reaches the limit (one run in a few hundred for a ten-minute window and a test of a few seconds).
 */
export function startOfRateWindow(): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.ceil(Date.now() / 600_000) * 600_000);
  onTestFinished(() => {
    vi.useRealTimers();
  });
}
