/// <reference path="./async-hooks.d.ts" />
import { AsyncLocalStorage } from "node:async_hooks";
import { type LiteralMessage, type LogFields, type LogLevel, writeLine } from "../../../shared/log/log-line";

/*
 * The worker's one logger (decision 0110). Every line carries the fields of the request (or cron
 * run) it was written in: request-line.ts opens that scope for each request and the scheduled
 * handler for each run, so a line written deep in a store carries the request's id without being
 * handed it. The storage is made once; what it holds is each request's own, never shared.
 */

/** The fields every line of one request or cron run carries. */
export interface LogScope {
  requestId: string;
  route?: string;
  colo?: string;
}

const scopes = new AsyncLocalStorage<LogScope>();

/** Runs `work` with every line it writes carrying `scope`'s fields. */
export function withLogScope<T>(scope: LogScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The scope lines are written in now, if any (the request line adds its route to it once matched). */
export function currentLogScope(): LogScope | undefined {
  return scopes.getStore();
}

function write<M extends string>(level: LogLevel, message: LiteralMessage<M>, fields: LogFields = {}): void {
  writeLine(level, message, { ...scopes.getStore(), ...fields });
}

/** `log.error("Mail delivery failed", { error, kind })`: a literal message and typed fields (shared/log/log-line.ts). */
export const log = {
  info<M extends string>(message: LiteralMessage<M>, fields?: LogFields): void {
    write("info", message, fields);
  },
  warn<M extends string>(message: LiteralMessage<M>, fields?: LogFields): void {
    write("warn", message, fields);
  },
  error<M extends string>(message: LiteralMessage<M>, fields?: LogFields): void {
    write("error", message, fields);
  },
};
