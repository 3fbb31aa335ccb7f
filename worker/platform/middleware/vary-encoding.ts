import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { addVary, setOnAnswer } from "./response-headers";

/** What the edge (and workerd, locally) compresses when the browser accepts it: text of every kind. */
export const COMPRESSIBLE =
  /^(text\/|application\/(json|xml|javascript|manifest\+json|ld\+json|rss\+xml)|image\/svg\+xml)/;

/**
 * An answer that may go out compressed says it varies by Accept-Encoding, so no cache between the shop
 * and a browser hands a gzip body to a client that did not ask for one (RFC 9110 12.5.5). The
 * platform compresses after the worker, by the answer's type, so the type is what tells.
 * The files of the client build get the same header from `_headers` (scripts/build-client.mjs).
 */
/**
 * Whether the platform will compress this answer for this browser: a type it compresses, to a browser
 * that accepts gzip or brotli. The worker sees "br, gzip" in Accept-Encoding whatever the browser sent;
 * the browser's own value is `request.cf.clientAcceptEncoding` (absent outside the platform, as in tests).
 */
export function platformCompresses(request: Request, contentType: string | null): boolean {
  const cf = request.cf as { clientAcceptEncoding?: string } | undefined;
  const accepted = cf?.clientAcceptEncoding ?? request.headers.get("Accept-Encoding") ?? "";
  return COMPRESSIBLE.test(contentType ?? "") && /\b(gzip|br)\b/.test(accepted);
}

export const varyEncoding = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!COMPRESSIBLE.test(c.res.headers.get("Content-Type") ?? "")) return;
  setOnAnswer(c, (headers) => addVary(headers, "Accept-Encoding"));
});
