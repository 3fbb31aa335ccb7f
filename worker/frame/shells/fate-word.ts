import type { Context } from "hono";
import type { FateWord } from "../../../shared/log/log-line";
import type { AppEnv } from "../../platform/app-env";
import { SHELL_STATE_HEADER } from "./page-cache";
import { FRAME_HEADER } from "./page-frame";

/**
 * A page's fate in one word for its request's log line (worker/platform/log/request-line.ts): a kept
 * copy served ("kept"), a stale one ("stale", decision 0084), one filled from a page frame ("filled",
 * decision 0093), or drawn for this request ("rendered": a shared page's first render, or a personal
 * page). An answer that is no page (a redirect, JSON, a file) has none.
 */
export function fateWord(c: Context<AppEnv>): FateWord | undefined {
  const shell = c.res.headers.get(SHELL_STATE_HEADER);
  if (shell === "hit") return "kept";
  if (shell === "stale") return "stale";
  if (c.res.headers.has(FRAME_HEADER)) return "filled";
  if (shell === "miss" || c.get("keeping")) return "rendered";
  const html = c.res.headers.get("content-type")?.startsWith("text/html") ?? false;
  return html && c.req.method === "GET" ? "rendered" : undefined;
}
