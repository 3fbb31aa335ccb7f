import type { ProviderConfig } from "./auth-settings";

/**
 * Asks a sign-in provider who holds an access token: GET its user-info endpoint
 * with `Authorization: Bearer <token>`. Returns the e-mail and a stable subject
 * (`sub` or `id`), or an error message for the shopper.
 */
export type ProviderProfile = { ok: true; email: string | null; subject: string | null; name: string | null };
export type ProviderFailure = { ok: false; message: string };

function pick(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export async function fetchProviderProfile(
  provider: ProviderConfig,
  accessToken: string,
): Promise<ProviderProfile | ProviderFailure> {
  let response: Response;
  try {
    response = await fetch(provider.userInfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      signal: AbortSignal.timeout(5000),
    });
  } catch (error) {
    console.error("Provider user-info request failed:", error instanceof Error ? error.message : error);
    return { ok: false, message: "The sign-in provider could not be reached." };
  }
  if (!response.ok) return { ok: false, message: "The sign-in provider did not accept the access_token." };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: "The sign-in provider answered with something unreadable." };
  }
  const email = pick(body, provider.emailField);
  const subject = pick(body, "sub") ?? pick(body, "id");
  const name = pick(body, provider.usernameField);
  return {
    ok: true,
    email: typeof email === "string" && email.includes("@") ? email.toLowerCase() : null,
    subject: typeof subject === "string" || typeof subject === "number" ? String(subject) : null,
    name: typeof name === "string" ? name : null,
  };
}
