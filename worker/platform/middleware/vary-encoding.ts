import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { addVary, setOnAnswer } from "./response-headers";

/** What the edge (and workerd, locally) compresses when the browser accepts it: text of every kind. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json|ld\+json|rss\+xml)|image\/svg\+xml)/;

/**
 * An answer that may go out compressed says it varies by Accept-Encoding, so no cache between the shop
 * and a browser hands a gzip body to a client that did not ask for one (RFC 9110 12.5.5). The
 * platform compresses after the worker, by the answer's type, so the type is what tells.
 * The files of the client build get the same header from `_headers` (scripts/build-client.mjs).
 */
export const varyEncoding = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!COMPRESSIBLE.test(c.res.headers.get("Content-Type") ?? "")) return;
  setOnAnswer(c, (headers) => addVary(headers, "Accept-Encoding"));
});
