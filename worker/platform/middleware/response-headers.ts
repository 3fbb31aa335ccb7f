import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/**
 * Sets headers on the answer on its way out. An answer passed through from fetch() (an upload from
 * R2, the CMS's) has immutable headers: it is copied once, then set.
 */
export function setOnAnswer(c: Context<AppEnv>, change: (headers: Headers) => void): void {
  try {
    change(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    change(c.res.headers);
  }
}

/** Adds names to a Vary header, each once, keeping those already there ("*" stays alone). */
export function addVary(headers: Headers, ...names: string[]): void {
  const present = (headers.get("Vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (present.includes("*")) return;
  const lower = new Set(present.map((name) => name.toLowerCase()));
  const added = names.filter((name) => !lower.has(name.toLowerCase()));
  if (added.length > 0) headers.set("Vary", [...present, ...added].join(", "));
}
