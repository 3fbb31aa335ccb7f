import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import {
  buildHealth,
  cronHealth,
  D1_LIMIT_BYTES,
  databaseHealth,
  outboxFailedHealth,
  outboxWaitingHealth,
  searchHealth,
  webhookHealth,
} from "../../worker/platform/operations/health-status";
import type { StepMark } from "../../worker/platform/operations/ops-marks";
import { fetchWorker } from "./fetch";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { signedIn } from "./support/staff-session";

const NOW = Date.parse("2026-12-01T12:00:00.000Z");
const MIN = 60_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const done: StepMark = { step: "outbox", ok: true, count: 2, error: null, ms: 5 };

describe("the health page's thresholds, at their edges", () => {
  it("the cron: good within 10 min, a look past it or with a failed step, act past 30 min or never", () => {
    expect(cronHealth({ at: ago(10 * MIN), steps: [done] }, NOW).level).toBe("green");
    expect(cronHealth({ at: ago(10 * MIN + 1), steps: [done] }, NOW).level).toBe("amber");
    expect(cronHealth({ at: ago(MIN), steps: [done, { ...done, ok: false, error: "x" }] }, NOW).level).toBe("amber");
    expect(cronHealth({ at: ago(30 * MIN), steps: [done] }, NOW).level).toBe("amber");
    expect(cronHealth({ at: ago(30 * MIN + 1), steps: [done] }, NOW).level).toBe("red");
    expect(cronHealth(null, NOW)).toMatchObject({ level: "red", word: "Act" });
    expect(cronHealth(null, NOW).threshold).toContain("good within 10 min");
  });

  it("waiting e-mails: by the oldest's wait, a look from 15 min, act from 60", () => {
    expect(outboxWaitingHealth(null, NOW)).toMatchObject({ level: "green", word: "Good" });
    expect(outboxWaitingHealth(ago(15 * MIN - 1), NOW).level).toBe("green");
    expect(outboxWaitingHealth(ago(15 * MIN), NOW)).toMatchObject({ level: "amber", word: "Look" });
    expect(outboxWaitingHealth(ago(60 * MIN - 1), NOW).level).toBe("amber");
    expect(outboxWaitingHealth(ago(60 * MIN), NOW).level).toBe("red");
  });

  it("failed e-mails: good at 0, a look from 1, act from 10", () => {
    expect(outboxFailedHealth(0).level).toBe("green");
    expect(outboxFailedHealth(1).level).toBe("amber");
    expect(outboxFailedHealth(9).level).toBe("amber");
    expect(outboxFailedHealth(10).level).toBe("red");
  });

  it("the webhook: a look when none came within 30 days", () => {
    const mark = (at: string) => ({ at, event: "entry.update", model: "product", moved: [] });
    expect(webhookHealth(mark(ago(30 * 24 * 60 * MIN)), NOW).level).toBe("green");
    expect(webhookHealth(mark(ago(30 * 24 * 60 * MIN + 1)), NOW).level).toBe("amber");
    expect(webhookHealth(null, NOW).level).toBe("amber");
  });

  it("search: act when never built or empty", () => {
    expect(searchHealth(NOW, 1).level).toBe("green");
    expect(searchHealth(NOW, 0).level).toBe("red");
    expect(searchHealth(null, 10).level).toBe("red");
  });

  it("D1's size: good under 50 % of 10 GB, a look from 50 %, act from 80 %", () => {
    expect(databaseHealth(D1_LIMIT_BYTES * 0.5 - 1).level).toBe("green");
    expect(databaseHealth(D1_LIMIT_BYTES * 0.5).level).toBe("amber");
    expect(databaseHealth(D1_LIMIT_BYTES * 0.8 - 1).level).toBe("amber");
    expect(databaseHealth(D1_LIMIT_BYTES * 0.8).level).toBe("red");
  });

  it("the build: a look when no deployment is named (a local run)", () => {
    expect(buildHealth("local").level).toBe("amber");
    expect(buildHealth("a1b2c3d4-0000-4000-8000-000000000000").level).toBe("green");
  });
});

describe("GET /healthz", () => {
  it("says ok when D1 answers, and nothing more, never kept", async () => {
    const res = await fetchWorker("/healthz");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expect(res.headers.get("cache-control")).toBe("no-store, max-age=0");
    expect(res.headers.get("cdn-cache-control")).toBe("no-store");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("says not ok (503) when D1 does not answer", async () => {
    const broken = {
      ...env.DB,
      prepare(): D1PreparedStatement {
        throw new Error("D1_ERROR: network connection lost");
      },
      batch(): Promise<D1Result[]> {
        return Promise.reject(new Error("D1_ERROR: network connection lost"));
      },
      withSession() {
        return broken;
      },
    } as unknown as D1Database;
    const res = await appRequest("https://shop.example/healthz", {}, { ...env, DB: broken });
    expect(res.status).toBe(503);
    expect(await res.text()).toBe("not ok");
  });
});

describe("/staff/health", () => {
  it("is for staff only", async () => {
    expect((await new Browser().get("/staff/health")).status).toBe(302);
    const { browser } = await signedIn("authenticated");
    expect((await browser.get("/staff/health")).status).toBe(403);
  });

  it("shows the last cron run with its steps, the last webhook, the outbox, search, D1 and the build, each in words", async () => {
    await env.DB.prepare(
      "INSERT INTO outbox (recipient, subject, body_text, kind, status, created_at) VALUES ('a@example.com', 's', 't', 'x', 'failed', ?1)",
    )
      .bind(new Date().toISOString())
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry() {} }, env, ctx);
    await waitOnExecutionContext(ctx);
    const hook = await fetchWorker("/api/cms/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "test-webhook-secret-0123456789abcdef" },
      body: JSON.stringify({ event: "entry.update", model: "menu", entry: { id: 1 } }),
    });
    expect(hook.status).toBe(200);
    const { browser } = await signedIn("staff");
    const res = await browser.get("/staff/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = (await res.text()).replaceAll("&#x27;", "'").replaceAll("<!-- -->", "");
    expect(html).toContain('aria-current="page">Health</a>');
    expect(html).toMatch(/E-mails failed<\/th><td><span class="staff-health staff-health--amber">Look<\/span>/);
    expect(html).toContain("good at 0; look from 1; act from 10");
    expect(html).toMatch(/Last cron run<\/th><td><span class="staff-health staff-health--(green|amber)">/);
    expect(html).toContain("sweep-sent-mails: done");
    expect(html).toContain("card-holds: done");
    expect(html).toMatch(/entry\.update of menu, moved [a-z]/);
    // The tests' D1 has no search index built (tests/worker/search-index.test.ts builds its own).
    expect(html).toMatch(
      /Search index<\/th><td><span class="staff-health staff-health--red">Act<\/span><\/td><td>built never; 0 products/,
    );
    expect(html).toMatch(/[\d.]+ MB of 10 GB/);
    expect(html).toContain("Biggest tables");
    expect(html).toMatch(/<td>cms_media<\/td><td class="staff-table__num">\d+<\/td>/);
    expect(html).toContain("deployment ");
  });
});
