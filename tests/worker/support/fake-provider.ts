import { afterEach, beforeEach, vi } from "vitest";

/** The fake sign-in provider "fakeid" (AUTH_PROVIDERS in vitest.config.ts, clientId "shop"): its user-info endpoint. */
export const USER_INFO = "https://id.fake-provider.test/userinfo";

/**
 * Stubs fetch for the provider's user-info endpoint in every test of the file (or describe) that
 * calls it: a profile answers by its access token, `defaults` merged in (a token issued to this
 * shop with its e-mail verified, unless the file checks those very claims); an unknown token is a 401.
 */
export function fakeProvider(defaults: Record<string, unknown> = {}) {
  const profiles = new Map<string, Record<string, unknown>>();
  const seen: { url: string; authorization: string | null }[] = [];
  beforeEach(() => {
    const realFetch = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith(USER_INFO)) return realFetch(input, init);
      const authorization = request.headers.get("authorization");
      seen.push({ url: request.url, authorization });
      const profile = profiles.get(authorization?.replace(/^Bearer /, "") ?? "");
      return profile
        ? Response.json({ ...defaults, ...profile })
        : Response.json({ error: "invalid_token" }, { status: 401 });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return {
    seen,
    /** An access token the provider answers with this profile. */
    token(profile: Record<string, unknown>): string {
      const token = `tok-${crypto.randomUUID()}`;
      profiles.set(token, profile);
      return token;
    },
  };
}
