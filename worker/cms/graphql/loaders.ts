/**
 * Per-request batching of relation lookups: every id asked for in the same
 * tick is fetched with one query, so a product list costs a handful of
 * queries, not one per product.
 */
export class BatchLoader<K extends string | number, V> {
  private cache = new Map<K, Promise<V | undefined>>();
  private queue: { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly fetchMany: (keys: K[]) => Promise<Map<K, V>>) {}

  load(key: K): Promise<V | undefined> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V | undefined>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      if (this.queue.length === 1) queueMicrotask(() => void this.flush());
    });
    this.cache.set(key, promise);
    return promise;
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      const found = await this.fetchMany([...new Set(batch.map((b) => b.key))]);
      for (const item of batch) item.resolve(found.get(item.key));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}

/** Rows of `table` by id, as a map. */
export function rowsById<T extends { id: number }>(db: D1Database, sql: string) {
  return async (ids: number[]): Promise<Map<number, T>> => {
    const { results } = await db.prepare(sql).bind(JSON.stringify(ids)).all<T>();
    return new Map(results.map((row) => [row.id, row]));
  };
}

/** Rows grouped by a parent id, as a map of lists. */
export function rowsByParent<T extends { parent_id: number }>(db: D1Database, sql: string) {
  return async (ids: number[]): Promise<Map<number, T[]>> => {
    const { results } = await db.prepare(sql).bind(JSON.stringify(ids)).all<T>();
    const map = new Map<number, T[]>();
    for (const row of results) map.set(row.parent_id, [...(map.get(row.parent_id) ?? []), row]);
    return map;
  };
}
