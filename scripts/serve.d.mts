// Types for scripts/serve.mjs, used by the TypeScript browser tests.
import type { Miniflare, ModuleDefinition } from "miniflare";
export interface RunningShop {
  mf: Miniflare;
  url: string;
  /** workerd started again with the same options and state (a fresh isolate); the shop's URL after. */
  restart(): Promise<string>;
}
export function readDevVars(file?: string): Record<string, string>;
export function startShop(options?: {
  port?: number;
  host?: string;
  persist?: boolean;
  vars?: Record<string, string>;
  log?: boolean | ((text: string) => void);
  varsFromEnv?: boolean;
  modules?: ModuleDefinition[];
}): Promise<RunningShop>;
export function migrateAndSeed(mf: Miniflare): Promise<void>;
export function startFreshShop(options?: {
  vars?: Record<string, string>;
  log?: boolean | ((text: string) => void);
  modules?: ModuleDefinition[];
}): Promise<RunningShop>;
