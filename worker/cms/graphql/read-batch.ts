/**
 * The reads one GraphQL request's loaders ask in the same tick, sent to D1 as one batch. graphql-js
 * walks a list's entries in one pass, so a page of products asks for its brands, lines,
 * categories, images and variants together: each BatchLoader (loaders.ts) already folds its own
 * ids into one query, and this folds those queries into one call (five calls were five round
 * trips through D1's API, each parsed on its own: docs/performance.md). Made per request with the
 * loaders: nothing here outlives it.
 */
export class ReadBatch {
  private queue: { statement: D1PreparedStatement; resolve: (r: D1Result) => void; reject: (e: unknown) => void }[] =
    [];

  constructor(private readonly db: D1Database) {}

  /** The rows of `sql` with these parameters, read together with every other read asked in this tick. */
  all<T>(sql: string, ...params: unknown[]): Promise<D1Result<T>> {
    const statement = this.db.prepare(sql).bind(...params);
    return new Promise<D1Result>((resolve, reject) => {
      this.queue.push({ statement, resolve, reject });
      if (this.queue.length === 1) queueMicrotask(() => void this.flush());
    }) as Promise<D1Result<T>>;
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      const results =
        batch.length === 1 ? [await batch[0]!.statement.all()] : await this.db.batch(batch.map((b) => b.statement));
      for (const [i, item] of batch.entries()) item.resolve(results[i]!);
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}
