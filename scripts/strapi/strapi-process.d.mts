// Types for scripts/strapi/strapi-process.mjs, used by the TypeScript Strapi tests.
import type { ChildProcess } from "node:child_process";
export const strapiHome: string;
export function installStrapi(options?: { log?: (message: string) => void }): { installed: boolean; seconds: number };
export interface RunningStrapi {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
  mailFile: string;
  bootSeconds: number;
  output(): string;
}
export function startStrapi(options: {
  port?: number;
  shopUrl?: string;
  webhookSecret: string;
  mailFile?: string;
  database?: string;
  fresh?: boolean;
  quiet?: boolean;
  apiToken?: string;
}): Promise<RunningStrapi>;
