import { API, GRAPHQL } from "./platform/routing/limit-presets";
import type { RouteRow, WriteSpec } from "./platform/routing/route-spec";

/**
 * The embedded CMS's rows: what the shop's middleware needs to know about its routes. The
 * CMS is a separate app mounted whole (it answers like a real Strapi and knows nothing of the
 * shop's routing), so the assembly declares its rows here, at their full paths, and puts them
 * on the app with `declareRows` next to the mount.
 */
const STRAPI_API: WriteSpec = {
  body: "json",
  limits: API,
  csrf: { exempt: "Strapi's API authenticates by Bearer token and never reads the shop's cookies" },
  session: "none",
  personal: false,
};

export const cmsRouteRows: readonly RouteRow[] = [
  // The CMS's JSON API answers API clients: no shop session to resume.
  { method: "GET", path: "/api/*", session: "none", personal: false },
  {
    method: "POST",
    path: "/graphql",
    body: "json",
    limits: GRAPHQL,
    csrf: { exempt: "GraphQL is called with a Bearer token or none, never with the shop's cookies" },
    session: "resume",
    personal: false,
  },
  { method: "POST", path: "/api/auth/local", ...STRAPI_API },
  { method: "POST", path: "/api/auth/local/register", ...STRAPI_API },
  { method: "POST", path: "/api/auth/forgot-password", ...STRAPI_API },
  { method: "POST", path: "/api/auth/reset-password", ...STRAPI_API },
  { method: "POST", path: "/api/auth/change-password", ...STRAPI_API },
  { method: "POST", path: "/api/auth/send-email-confirmation", ...STRAPI_API },
  { method: "PUT", path: "/api/users/:id{[0-9]+}", ...STRAPI_API },
];
