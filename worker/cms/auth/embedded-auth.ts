import { Hono } from "hono";
import { authApi } from "./auth-routes";

/**
 * The auth API under the same /api prefix it has on the wire, for the
 * storefront's in-process calls: a request for `${origin}/api/auth/local`
 * takes the same path here as it would over HTTP.
 */
export const embeddedAuth = new Hono<{ Bindings: Env }>().route("/api", authApi);
