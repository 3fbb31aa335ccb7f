import type { Context } from "hono";
import { DEFAULT_LOCALE } from "../../../shared/constants";
import type { AppEnv } from "../app-env";
import { clientIp } from "../security/rate-limit";

/**
 * The storefront's one client for the CMS's users-permissions REST API (spec section 7).
 * Through the CMS service in the bindings (cms-client/cms-service.ts): with CMS_URL empty
 * the embedded CMS answers in process; set, a real Strapi v4 answers at `${CMS_URL}/api/...`.
 * Both take the same Request. Personal calls
 * carry `Authorization: Bearer`; nothing else does.
 */
export interface StrapiErrorPayload {
  data: null;
  error: { status: number; name: string; message: string; details?: unknown };
}

/** A refused or failed call, carrying the server's error body (or an UnknownError 500). */
export class CmsAuthError extends Error {
  readonly status: number;
  readonly payload: StrapiErrorPayload;
  constructor(payload: StrapiErrorPayload) {
    super(payload.error.message);
    this.name = "CmsAuthError";
    this.status = payload.error.status;
    this.payload = payload;
  }
  /** The field-level messages of a ValidationError, keyed by field name. */
  fieldMessages(): Record<string, string> {
    const details = this.payload.error.details as { errors?: { path?: unknown[]; message?: string }[] } | undefined;
    const out: Record<string, string> = {};
    for (const entry of details?.errors ?? []) {
      const field = entry.path?.[0];
      if (typeof field === "string" && entry.message && !out[field]) out[field] = entry.message;
    }
    return out;
  }
}

function unknownError(message: string): StrapiErrorPayload {
  return { data: null, error: { status: 500, name: "UnknownError", message, details: {} } };
}

function isStrapiError(value: unknown): value is StrapiErrorPayload {
  const error = (value as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  return !!error && typeof error === "object" && typeof error.status === "number" && typeof error.message === "string";
}

/** The user as users-permissions answers /users/me (custom profile attributes included when the type has them). */
export interface CmsUser {
  id: number;
  username: string;
  email: string;
  provider?: string;
  confirmed?: boolean;
  blocked?: boolean;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  postcode?: string | null;
}

export interface AuthAnswer {
  jwt?: string;
  user: CmsUser;
}

interface CallOptions {
  method?: "GET" | "POST" | "PUT";
  body?: unknown;
  token?: string | null;
}

export type AuthClient = ReturnType<typeof authClient>;

/** Built per request: it needs the request's origin and address, and the bindings. */
export function authClient(c: Context<AppEnv>) {
  const base = (c.env.CMS_URL ?? "").trim().replace(/\/$/, "");

  async function send(path: string, init: RequestInit): Promise<Response> {
    if (base) return c.env.CMS.fetch(new Request(`${base}/api${path}`, init));
    const request = new Request(new URL(`/api${path}`, c.req.url), init);
    // The embedded API limits by address as it would for a browser calling it directly.
    request.headers.set("cf-connecting-ip", clientIp(c.req.raw.headers));
    return c.env.CMS.fetch(request);
  }

  async function call<T>(path: string, { method = "GET", body, token }: CallOptions = {}): Promise<T> {
    // The page's language: the embedded CMS writes the e-mails a request sends in it (a real Strapi ignores it).
    const headers = new Headers({
      Accept: "application/json",
      "Accept-Language": c.get("locale") ?? DEFAULT_LOCALE,
      "X-Forwarded-For": clientIp(c.req.raw.headers),
    });
    if (body !== undefined) headers.set("Content-Type", "application/json");
    if (token) headers.set("Authorization", `Bearer ${token}`);
    let response: Response;
    try {
      response = await send(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (error) {
      throw new CmsAuthError(unknownError(error instanceof Error ? error.message : String(error)));
    }
    const text = await response.text();
    let payload: unknown = null;
    try {
      payload = text ? JSON.parse(text) : null;
    } catch {
      payload = null;
    }
    if (!response.ok) {
      if (isStrapiError(payload)) throw new CmsAuthError(payload);
      throw new CmsAuthError(
        unknownError(text.trim() || response.statusText || `Request failed with status ${response.status}`),
      );
    }
    return payload as T;
  }

  return {
    /** GET /users/me with the shopper's token. */
    me: (token: string) => call<CmsUser>("/users/me", { token }),
    login: (identifier: string, password: string) =>
      call<AuthAnswer>("/auth/local", { method: "POST", body: { identifier, password } }),
    register: (data: { username: string; email: string; password: string }) =>
      call<AuthAnswer>("/auth/local/register", { method: "POST", body: data }),
    forgotPassword: (email: string) =>
      call<{ ok: boolean }>("/auth/forgot-password", { method: "POST", body: { email } }),
    resetPassword: (data: { code: string; password: string; passwordConfirmation: string }) =>
      call<AuthAnswer>("/auth/reset-password", { method: "POST", body: data }),
    changePassword: (
      token: string,
      data: { currentPassword: string; password: string; passwordConfirmation: string },
    ) => call<AuthAnswer>("/auth/change-password", { method: "POST", body: data, token }),
    sendEmailConfirmation: (email: string) =>
      call<{ email: string; sent: boolean }>("/auth/send-email-confirmation", { method: "POST", body: { email } }),
    providerCallback: (provider: string, accessToken: string) =>
      call<AuthAnswer>(
        `/auth/${encodeURIComponent(provider)}/callback?access_token=${encodeURIComponent(accessToken)}`,
      ),
    /** PUT /users/:id (Strapi's route; the embedded CMS only lets the owner through). */
    updateProfile: (token: string, id: number, data: Partial<Record<string, string | null>>) =>
      call<CmsUser>(`/users/${id}`, { method: "PUT", body: data, token }),
    /** Where the browser goes to start a provider sign-in. */
    providerStartUrl: (provider: string) =>
      base ? `${base}/api/connect/${encodeURIComponent(provider)}` : `/api/connect/${encodeURIComponent(provider)}`,
  };
}
