// Types for scripts/serve.mjs, used by the TypeScript browser tests.
import type { Miniflare } from "miniflare";
export interface RunningShop {
  mf: Miniflare;
  url: string;
}
export function readDevVars(file?: string): Record<string, string>;
export function startShop(options?: {
  port?: number;
  host?: string;
  persist?: boolean;
  vars?: Record<string, string>;
  log?: boolean | ((text: string) => void);
  varsFromEnv?: boolean;
}): Promise<RunningShop>;
export function migrateAndSeed(mf: Miniflare): Promise<void>;
export function startFreshShop(options?: {
  vars?: Record<string, string>;
  log?: boolean | ((text: string) => void);
}): Promise<RunningShop>;
