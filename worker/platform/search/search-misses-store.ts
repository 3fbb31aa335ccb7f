/**
 * Searches that found nothing (migrations/0101), counted per normalised query for the staff
 * desk. Growth is bounded: past MAX_ROWS, the least recently seen go.
 */
export const MAX_ROWS = 1000;
const QUERY_MAX_LENGTH = 100;

export interface SearchMiss {
  query: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

export async function countSearchMiss(db: D1Database, normalised: string, now = Date.now()): Promise<void> {
  const query = normalised.slice(0, QUERY_MAX_LENGTH).trim();
  if (!query) return;
  await db.batch([
    db
      .prepare(
        `INSERT INTO search_misses (query, count, first_seen, last_seen) VALUES (?1, 1, ?2, ?2)
         ON CONFLICT (query) DO UPDATE SET count = count + 1, last_seen = excluded.last_seen`,
      )
      .bind(query, now),
    db
      .prepare(
        `DELETE FROM search_misses WHERE query IN (
           SELECT query FROM search_misses ORDER BY last_seen ASC, query
           LIMIT max(0, (SELECT count(*) FROM search_misses) - ?1))`,
      )
      .bind(MAX_ROWS),
  ]);
}

interface MissRow {
  query: string;
  count: number;
  first_seen: number;
  last_seen: number;
}

/** The most frequent first, then the most recent. */
export async function listSearchMisses(db: D1Database, limit = 100): Promise<SearchMiss[]> {
  const { results } = await db
    .prepare(
      `SELECT query, count, first_seen, last_seen FROM search_misses
       ORDER BY count DESC, last_seen DESC LIMIT ?1`,
    )
    .bind(limit)
    .all<MissRow>();
  return results.map((r) => ({ query: r.query, count: r.count, firstSeen: r.first_seen, lastSeen: r.last_seen }));
}
