/**
 * HEAD answered as GET is (RFC 9110 9.3.2): the request runs as a GET through the whole app, so it
 * is served from the kept page like a GET, with the same status and headers (ETag, Cache-Control,
 * Content-Type, Vary, a 304 for a matching If-None-Match), and with Content-Length: the bytes of the
 * GET's body, counted. Hono answers HEAD itself by dropping a GET's body, which drops the length
 * too (workerd sends none for an answer without a body), and a page's kept copy was looked for on
 * GET only. A GET the platform compresses for this browser goes out chunked, its length unknown
 * beforehand, and so its HEAD has none either: the count would be of the uncompressed bytes
 * (docs/caches.md). Wraps the app's fetch in worker/index.ts.
 */
import { platformCompresses } from "./vary-encoding";

type Fetch = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

export function headLikeGet(fetch: Fetch): Fetch {
  return async (request, env, ctx) => {
    if (request.method !== "HEAD") return fetch(request, env, ctx);
    const answer = await fetch(new Request(request, { method: "GET" }), env, ctx);
    const headers = new Headers(answer.headers);
    const sentAsIs = !headers.has("Content-Encoding") && !platformCompresses(request, headers.get("Content-Type"));
    if (answer.body && !headers.has("Content-Length") && sentAsIs) {
      // Read to the end, as a GET's reader would: a page rendered for this request is kept on the way.
      headers.set("Content-Length", String((await answer.arrayBuffer()).byteLength));
    } else {
      await answer.body?.cancel();
    }
    return new Response(null, { status: answer.status, statusText: answer.statusText, headers });
  };
}
