import { CONTENT_TAG, readTagVersions, STOCK_TAG } from "../caches/versions";
import { FAILING_TASKS_SQL } from "../payments/payment-task-store";
import { type CronMark, MARKS_SQL, type MarkRow, readMarks, type WebhookMark } from "./ops-marks";

/** What the health page (/staff/health) shows, read in two D1 round trips and one KV read. */
export interface HealthFacts {
  outbox: { waiting: number; failed: number; oldestWaiting: string | null };
  /** Instalment captures and refunds that failed and are not done (payment_tasks). */
  paymentTasks: { failing: number; oldest: string | null };
  cron: CronMark | null;
  webhook: WebhookMark | null;
  search: { builtAt: number | null; products: number; documents: number };
  database: { bytes: number; tables: { name: string; rows: number }[] };
  versions: { content: string; stock: string };
}

/** The tables row counts are shown for: the biggest first. */
export const TABLES_SHOWN = 8;
const TABLES_PER_STATEMENT = 5;

interface OutboxRow {
  waiting: number | null;
  failed: number | null;
  oldest: string | null;
}

/** A table's name as an SQL identifier (names come from sqlite_master, quoted all the same). */
function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function readHealth(db: D1Database, kv: KVNamespace): Promise<HealthFacts> {
  const versions = readTagVersions(kv, [CONTENT_TAG, STOCK_TAG]);
  const [outbox, marks, state, products, documents, tables, tasks] = await db.batch([
    db.prepare(
      `SELECT SUM(status = 'pending') AS waiting, SUM(status = 'failed') AS failed,
              MIN(CASE WHEN status = 'pending' THEN created_at END) AS oldest FROM outbox`,
    ),
    db.prepare(MARKS_SQL),
    db.prepare("SELECT built_at FROM search_state WHERE id = 1"),
    db.prepare("SELECT COUNT(*) AS n FROM search_products"),
    db.prepare("SELECT COUNT(*) AS n FROM search_documents"),
    db.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
         AND name NOT GLOB 'sqlite_*' AND name NOT GLOB '_cf_*'
         AND name NOT GLOB 'search_products_*' AND name NOT GLOB 'search_names_*' ORDER BY name`,
    ),
    db.prepare(FAILING_TASKS_SQL),
  ]);
  const failingTasks = (tasks!.results[0] ?? {}) as { failing?: number; oldest?: string | null };
  const names = (tables!.results as { name: string }[]).map((row) => row.name);
  // One statement per few tables (a compound SELECT has few terms in D1), all in one batch.
  const groups: string[][] = [];
  for (let i = 0; i < names.length; i += TABLES_PER_STATEMENT) groups.push(names.slice(i, i + TABLES_PER_STATEMENT));
  const counted = groups.length
    ? await db.batch<{ name: string; n: number }>(
        groups.map((group) =>
          db
            .prepare(
              group
                .map((name, i) => `SELECT ?${i + 1} AS name, COUNT(*) AS n FROM ${identifier(name)}`)
                .join(" UNION ALL "),
            )
            .bind(...group),
        ),
      )
    : [];
  const counts = counted.flatMap((result) => result.results);
  const size = counted.at(-1)?.meta.size_after ?? outbox!.meta.size_after ?? 0;
  const box = (outbox!.results[0] ?? {}) as OutboxRow;
  const { cron, webhook } = readMarks(marks!.results as MarkRow[]);
  const read = await versions;
  return {
    outbox: { waiting: box.waiting ?? 0, failed: box.failed ?? 0, oldestWaiting: box.oldest ?? null },
    paymentTasks: { failing: failingTasks.failing ?? 0, oldest: failingTasks.oldest ?? null },
    cron,
    webhook,
    search: {
      builtAt: (state!.results[0] as { built_at: number | null } | undefined)?.built_at ?? null,
      products: (products!.results[0] as { n: number }).n,
      documents: (documents!.results[0] as { n: number }).n,
    },
    database: {
      bytes: size,
      tables: counts
        .map((row) => ({ name: row.name, rows: row.n }))
        .sort((a, b) => b.rows - a.rows || a.name.localeCompare(b.name))
        .slice(0, TABLES_SHOWN),
    },
    versions: { content: read.get(CONTENT_TAG) ?? "?", stock: read.get(STOCK_TAG) ?? "?" },
  };
}

/** Whether D1 answers at all: `GET /healthz`. */
export async function databaseAnswers(db: D1Database): Promise<boolean> {
  try {
    const row = await db.prepare("SELECT 1 AS ok").first<{ ok: number }>();
    return row?.ok === 1;
  } catch {
    return false;
  }
}
