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

/**
 * A statement made by a wrapped binding: its calls go through `around`, and it carries its SQL and the
 * layer (the wrapD1) that made it, so that layer's batch hands the real statement down. A class, not an
 * object literal per statement: an order's batch makes a hundred or so of these (each statement prepared
 * and bound, through each layer), and a V8 profile put the literal's symbol-keyed properties and six
 * closures at 4.5 % of an order's samples in the worker's isolate.
 */
class WrappedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly around: AroundD1Call,
    /** Which wrapD1 made it: a layer unwraps only its own (a statement of a layer below passes down as it is). */
    readonly layer: object,
    private readonly session: string | undefined,
  ) {}

  private call<T>(kind: D1Call["kind"], run: () => Promise<T>): Promise<T> {
    const { sql, session } = this;
    return this.around(session === undefined ? { kind, sql: [sql] } : { kind, sql: [sql], session }, run);
  }

  bind(...values: unknown[]): D1PreparedStatement {
    return wrapStatement(this.inner.bind(...values), this.sql, this.around, this.layer, this.session);
  }

  first(column?: string) {
    return this.call("first", () => (column === undefined ? this.inner.first() : this.inner.first(column)));
  }

  run() {
    return this.call("run", () => this.inner.run());
  }

  all() {
    return this.call("all", () => this.inner.all());
  }

  raw(options?: { columnNames?: boolean }) {
    return this.call("raw", () => this.inner.raw(options as { columnNames?: false } | undefined));
  }
}

function unwrap(statement: D1PreparedStatement, layer: object): D1PreparedStatement {
  return statement instanceof WrappedStatement && statement.layer === layer ? statement.inner : statement;
}

/** The SQL of a statement made by a wrapped binding ("" for one made elsewhere). */
export function statementSql(statement: D1PreparedStatement): string {
  return statement instanceof WrappedStatement ? statement.sql : "";
}

function wrapStatement(
  inner: D1PreparedStatement,
  sql: string,
  around: AroundD1Call,
  layer: object,
  session?: string,
): D1PreparedStatement {
  return new WrappedStatement(inner, sql, around, layer, session) as unknown as D1PreparedStatement;
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
