/**
 * A D1 binding seen through one function that every call to the database goes through: the
 * shop's retries of transient errors (retry.ts), and the tests' and the bench's probes that count,
 * delay and fail calls (tests/worker/support/d1-probe.ts). A call is what costs a round trip:
 * a statement's `first`, `all`, `run` or `raw`, a `batch`, an `exec`.
 *
 * Statements made by a wrapped binding carry their SQL, so `around` can tell a read from a write,
 * and unwrap themselves when handed to the real `batch`.
 */
export interface D1Call {
  kind: "first" | "all" | "run" | "raw" | "batch" | "exec";
  /** The statements' SQL, one per statement (a batch has several). */
  sql: readonly string[];
  /** What the call's session was anchored at ("first-primary", "first-unconstrained", a bookmark); absent outside a session. */
  session?: string;
}

export type AroundD1Call = <T>(call: D1Call, run: () => Promise<T>) => Promise<T>;

const INNER = Symbol("inner statement");
const LAYER = Symbol("wrapping layer");

interface Wrapped {
  [INNER]: D1PreparedStatement;
  /** Which wrapD1 made it: a layer unwraps only its own (a statement of a layer below passes down as it is). */
  [LAYER]: object;
  sql: string;
}

function unwrap(statement: D1PreparedStatement, layer: object): D1PreparedStatement {
  const wrapped = statement as unknown as Partial<Wrapped>;
  return wrapped[LAYER] === layer && wrapped[INNER] ? wrapped[INNER] : statement;
}

/** The SQL of a statement made by a wrapped binding ("" for one made elsewhere). */
export function statementSql(statement: D1PreparedStatement): string {
  return (statement as unknown as Partial<Wrapped>).sql ?? "";
}

function wrapStatement(
  inner: D1PreparedStatement,
  sql: string,
  around: AroundD1Call,
  layer: object,
  session?: string,
): D1PreparedStatement {
  const call = <T>(kind: D1Call["kind"], run: () => Promise<T>) =>
    around(session === undefined ? { kind, sql: [sql] } : { kind, sql: [sql], session }, run);
  const statement = {
    [INNER]: inner,
    [LAYER]: layer,
    sql,
    bind: (...values: unknown[]) => wrapStatement(inner.bind(...values), sql, around, layer, session),
    first: (column?: string) => call("first", () => (column === undefined ? inner.first() : inner.first(column))),
    run: () => call("run", () => inner.run()),
    all: () => call("all", () => inner.all()),
    raw: (options?: { columnNames?: boolean }) =>
      call("raw", () => inner.raw(options as { columnNames?: false } | undefined)),
  };
  return statement as unknown as D1PreparedStatement;
}

function batchOf(target: Pick<D1Database, "batch">, around: AroundD1Call, layer: object, session?: string) {
  return <T = unknown>(statements: D1PreparedStatement[]) => {
    const sql = statements.map(statementSql);
    const call: D1Call = session === undefined ? { kind: "batch", sql } : { kind: "batch", sql, session };
    return around(call, () => target.batch<T>(statements.map((statement) => unwrap(statement, layer))));
  };
}

function wrapSession(inner: D1DatabaseSession, around: AroundD1Call, layer: object, anchor: string): D1DatabaseSession {
  const session = {
    prepare: (sql: string) => wrapStatement(inner.prepare(sql), sql, around, layer, anchor),
    batch: batchOf(inner, around, layer, anchor),
    getBookmark: () => inner.getBookmark(),
  };
  return session as unknown as D1DatabaseSession;
}

/** `db` with every call going through `around`; sessions made from it too. */
export function wrapD1(db: D1Database, around: AroundD1Call): D1Database {
  const layer = {};
  const wrapped = {
    prepare: (sql: string) => wrapStatement(db.prepare(sql), sql, around, layer),
    batch: batchOf(db, around, layer),
    exec: (sql: string) => around({ kind: "exec", sql: [sql] }, () => db.exec(sql)),
    withSession: (constraint?: string) =>
      wrapSession(db.withSession(constraint), around, layer, constraint ?? "first-unconstrained"),
    dump: () => db.dump(),
  };
  return wrapped as unknown as D1Database;
}

/** Whether every statement of the call only reads (safe to send again after any failure). */
export function readsOnly(call: D1Call): boolean {
  return call.kind !== "exec" && call.sql.length > 0 && call.sql.every(isRead);
}

function isRead(sql: string): boolean {
  const text = sql.trimStart().toUpperCase();
  return (text.startsWith("SELECT") || text.startsWith("WITH")) && !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/.test(text);
}
