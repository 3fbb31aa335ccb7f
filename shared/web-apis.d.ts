/**
 * The Web APIs shared/ may use beyond ECMAScript: each is in both workerd and every browser
 * the client targets, and only the members used here are declared. shared/ is type-checked
 * with the ECMAScript library alone (shared/tsconfig.json), so `document`, `caches.default` or
 * a KV binding is an error here rather than a crash in the runtime that lacks it. Not emitted:
 * the worker and the client see these names through their own runtime's types.
 */
declare class URLSearchParams {
  constructor();
  append(name: string, value: string): void;
  set(name: string, value: string): void;
  toString(): string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}

declare function btoa(data: string): string;
declare function atob(data: string): string;

/** WebCrypto's digest: in workerd and in every browser's secure context. */
declare const crypto: {
  readonly subtle: { digest(algorithm: "SHA-256", data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> };
};

/** The worker's log: shared/log/log-line.ts writes every line (decision 0110). */
declare const console: {
  error(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  log(...data: unknown[]): void;
};
