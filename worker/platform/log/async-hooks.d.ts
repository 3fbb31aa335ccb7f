/** What the worker uses of Node's async_hooks (workerd has it under nodejs_compat, wrangler.toml): worker/platform/log/log.ts. */
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
