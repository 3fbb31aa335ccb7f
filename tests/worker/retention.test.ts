import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runCron } from "../../worker/platform/operations/cron-run";
import { CRON_STEPS } from "../../worker/platform/operations/cron-steps";
import { RETENTION_DAYS } from "../../worker/platform/operations/retention";

/** A controlled clock: every row is placed at an age measured from NOW, and the sweeps are run at NOW. */
const NOW = Date.parse("2026-12-01T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(NOW - ms).toISOString();
const db = env.DB;

async function present(sql: string, ...values: unknown[]): Promise<number> {
  return (
    (
      await db
        .prepare(`SELECT COUNT(*) AS n FROM ${sql}`)
        .bind(...values)
        .first<{ n: number }>()
    )?.n ?? 0
  );
}

async function sweep() {
  // Only the sweeps: the outbox and card holds are other tests' business.
  const steps = CRON_STEPS.filter((step) => step.step.startsWith("sweep-"));
  return runCron(env, steps, NOW);
}

beforeEach(async () => {
  await db.batch([
    db.prepare("DELETE FROM outbox"),
    db.prepare("DELETE FROM search_misses"),
    db.prepare("DELETE FROM stock_alerts"),
    db.prepare("DELETE FROM shop_sessions"),
    db.prepare("DELETE FROM rate_limits"),
    db.prepare("DELETE FROM account_email_proofs"),
  ]);
});

describe("retention: rows go at their stated age, not a millisecond before", () => {
  it("sent e-mails after 30 days from sending; waiting and failed ones stay whatever their age", async () => {
    const age = RETENTION_DAYS.sentMails * DAY;
    const mail = (subject: string, status: string, sentAt: string | null) =>
      db
        .prepare(
          "INSERT INTO outbox (recipient, subject, body_text, kind, status, created_at, sent_at) VALUES ('a@example.com', ?1, 't', 'x', ?2, ?3, ?4)",
        )
        .bind(subject, status, at(age * 2), sentAt);
    await db.batch([
      mail("at-age", "sent", at(age)),
      mail("past-age", "sent", at(age + 1)),
      mail("old-pending", "pending", null),
      mail("old-failed", "failed", null),
    ]);
    const marks = await sweep();
    const subjects = (await db.prepare("SELECT subject FROM outbox ORDER BY subject").all<{ subject: string }>())
      .results;
    expect(subjects.map((row) => row.subject)).toEqual(["at-age", "old-failed", "old-pending"]);
    expect(marks.find((mark) => mark.step === "sweep-sent-mails")).toMatchObject({ ok: true, count: 1 });
  });

  it("searches that found nothing 180 days after they were last searched", async () => {
    const age = RETENTION_DAYS.searchMisses * DAY;
    const miss = (query: string, lastSeen: number) =>
      db
        .prepare("INSERT INTO search_misses (query, count, first_seen, last_seen) VALUES (?1, 1, ?2, ?2)")
        .bind(query, lastSeen);
    await db.batch([miss("at age", NOW - age), miss("past age", NOW - age - 1)]);
    await sweep();
    expect(await present("search_misses WHERE query = 'at age'")).toBe(1);
    expect(await present("search_misses WHERE query = 'past age'")).toBe(0);
  });

  it("stock alerts: unconfirmed after 7 days, sent or unsubscribed after 30; a confirmed one waits for its restock", async () => {
    const unconfirmed = RETENTION_DAYS.unconfirmedStockAlerts * DAY;
    const closed = RETENTION_DAYS.closedStockAlerts * DAY;
    let n = 0;
    const alert = (
      status: string,
      times: { sent?: string; confirmation?: string; sentAt?: string; unsub?: string },
    ) => {
      n++;
      return db
        .prepare(
          `INSERT INTO stock_alerts (sku, email, product_slug, product_path, item_name, status, confirm_hash, created_at,
             confirmation_sent_at, sent_at, unsubscribed_at) VALUES (?1, ?2, 'p', '/p', 'P', ?3, ?4, ?5, ?5, ?6, ?7)`,
        )
        .bind(
          `SKU-${status}-${n}`,
          `s${n}@example.com`,
          status,
          `hash-${n}`,
          times.confirmation ?? at(DAY * 400),
          times.sentAt ?? null,
          times.unsub ?? null,
        );
    };
    await db.batch([
      alert("pending", { confirmation: at(unconfirmed) }),
      alert("pending", { confirmation: at(unconfirmed + 1) }),
      alert("sent", { sentAt: at(closed) }),
      alert("sent", { sentAt: at(closed + 1) }),
      alert("unsubscribed", { unsub: at(closed) }),
      alert("unsubscribed", { unsub: at(closed + 1) }),
      alert("confirmed", {}),
    ]);
    const marks = await sweep();
    const left = (await db.prepare("SELECT sku FROM stock_alerts ORDER BY id").all<{ sku: string }>()).results;
    expect(left.map((row) => row.sku)).toEqual([
      "SKU-pending-1",
      "SKU-sent-3",
      "SKU-unsubscribed-5",
      "SKU-confirmed-7",
    ]);
    expect(marks.find((mark) => mark.step === "sweep-stock-alerts")).toMatchObject({ ok: true, count: 3 });
  });

  it("accounts' e-mail proofs 30 days after registration: kept at the boundary second, gone a second past it", async () => {
    const age = RETENTION_DAYS.emailProofs * DAY;
    expect(age).toBe(30 * DAY);
    const proof = (userId: number, createdAt: string) =>
      db
        .prepare("INSERT INTO account_email_proofs (user_id, email, created_at) VALUES (?1, ?2, ?3)")
        .bind(userId, `proof${userId}@example.com`, createdAt);
    await db.batch([
      proof(1, at(age - 1000)),
      proof(2, at(age)),
      proof(3, at(age + 1)),
      proof(4, at(age + 1000)),
      proof(5, at(DAY)),
    ]);
    const marks = await sweep();
    const left = (
      await db.prepare("SELECT user_id FROM account_email_proofs ORDER BY user_id").all<{ user_id: number }>()
    ).results;
    expect(left.map((row) => row.user_id)).toEqual([1, 2, 5]);
    expect(marks.find((mark) => mark.step === "sweep-email-proofs")).toMatchObject({ ok: true, count: 2 });
  });

  it("sessions a day after they ended, or once expired; rate-limit counters once their window is over", async () => {
    const ended = RETENTION_DAYS.endedSessions * DAY;
    const session = (hash: string, expiresAt: number, endedAt: number | null) =>
      db
        .prepare(
          "INSERT INTO shop_sessions (id_hash, user_id, token_hash, created_at, expires_at, ended_at) VALUES (?1, 1, 't', ?2, ?3, ?4)",
        )
        .bind(hash, NOW - 2 * ended, expiresAt, endedAt);
    const counter = (key: string, expiresAt: number) =>
      db
        .prepare("INSERT INTO rate_limits (key, window_start, count, expires_at, ceiling) VALUES (?1, 0, 1, ?2, 5)")
        .bind(key, expiresAt);
    await db.batch([
      session("ended-at-age", NOW + DAY, NOW - ended),
      session("ended-past-age", NOW + DAY, NOW - ended - 1),
      session("expired", NOW - 1, null),
      session("live", NOW, null),
      counter("window-over", NOW - 1),
      counter("window-ends-now", NOW),
    ]);
    await sweep();
    const sessions = (await db.prepare("SELECT id_hash FROM shop_sessions ORDER BY id_hash").all<{ id_hash: string }>())
      .results;
    expect(sessions.map((row) => row.id_hash)).toEqual(["ended-at-age", "live"]);
    const counters = (await db.prepare("SELECT key FROM rate_limits").all<{ key: string }>()).results;
    expect(counters.map((row) => row.key)).toEqual(["window-ends-now"]);
  });

  it("records the sweep as the last cron run, which the health page shows", async () => {
    await sweep();
    const mark = await db
      .prepare("SELECT at, detail FROM ops_marks WHERE kind = 'cron'")
      .first<{ at: string; detail: string }>();
    expect(mark?.at).toBe(new Date(NOW).toISOString());
    const steps = (JSON.parse(mark!.detail) as { steps: { step: string }[] }).steps.map((s) => s.step);
    expect(steps).toEqual([
      "sweep-rate-limits",
      "sweep-sessions",
      "sweep-sent-mails",
      "sweep-search-misses",
      "sweep-stock-alerts",
      "sweep-email-proofs",
    ]);
  });
});
