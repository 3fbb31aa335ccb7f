import { env } from "cloudflare:test";

/**
 * A D1 whose order batches (those holding a statement whose SQL matches `write`: a promotion's use, a
 * stock take) wait until `count` of them have arrived: every racing shopper has then read what is left
 * and passed the early checks, so only the batch's own CHECK can decide who gets the last ones. Without
 * it local D1 serves the requests one after another and the early checks alone would refuse them.
 */
export function racingDb(count: number, write: RegExp): D1Database {
  const racing = new WeakSet<object>();
  let arrived = 0;
  let release!: () => void;
  const allThere = new Promise<void>((resolve) => {
    release = resolve;
  });
  return new Proxy(env.DB, {
    get(target, name) {
      if (name === "prepare")
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (!write.test(sql)) return statement;
          // bind() makes a new statement: it is that one the batch will hold.
          const bind = statement.bind.bind(statement);
          statement.bind = (...values: unknown[]) => {
            const bound = bind(...values);
            racing.add(bound);
            return bound;
          };
          return statement;
        };
      if (name === "batch")
        return async (statements: D1PreparedStatement[]) => {
          if (statements.some((st) => racing.has(st))) {
            arrived += 1;
            if (arrived === count) release();
            await allThere;
          }
          return target.batch(statements);
        };
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
