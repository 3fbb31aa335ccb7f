import type { ProviderConfig } from "../../../shared/auth-providers";
import { writeLine } from "../../../shared/log/log-line";

/**
 * Asks a sign-in provider who holds an access token: GET its user-info endpoint
 * with `Authorization: Bearer <token>`. Returns the e-mail and a stable subject
 * (`sub` or `id`), or an error message for the shopper.
 */
export type ProviderProfile = {
  ok: true;
  email: string | null;
  /** The provider says it checked the e-mail belongs to this person. */
  emailVerified: boolean;
  subject: string | null;
  name: string | null;
};
export type ProviderFailure = { ok: false; message: string };

function pick(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

async function getJson(url: string, init: RequestInit): Promise<{ ok: true; body: unknown } | ProviderFailure> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
  } catch (error) {
    writeLine("error", "Provider request failed", { error });
    return { ok: false, message: "The sign-in provider could not be reached." };
  }
  if (!response.ok) return { ok: false, message: "The sign-in provider did not accept the access_token." };
  try {
    return { ok: true, body: await response.json() };
  } catch {
    return { ok: false, message: "The sign-in provider answered with something unreadable." };
  }
}

/** True when an answer names this shop's client as the token's audience or authorised party. */
function issuedTo(body: unknown, clientId: string): boolean {
  for (const field of ["aud", "azp", "client_id", "audience", "issued_to"]) {
    const value = pick(body, field);
    if (value === clientId) return true;
    if (Array.isArray(value) && value.includes(clientId)) return true;
  }
  return false;
}

const WRONG_CLIENT = "This sign-in was not made for this shop. Please start the sign-in again from our sign-in page.";

export async function fetchProviderProfile(
  provider: ProviderConfig,
  accessToken: string,
): Promise<ProviderProfile | ProviderFailure> {
  // An access token proves only that *some* app was allowed to read the user's profile:
  // first make sure it was issued to this shop's client (confused deputy otherwise).
  if (provider.tokenInfoUrl) {
    const url = new URL(provider.tokenInfoUrl);
    url.searchParams.set("access_token", accessToken);
    const info = await getJson(url.toString(), { headers: { Accept: "application/json" } });
    if (!info.ok) return info;
    if (!issuedTo(info.body, provider.clientId)) return { ok: false, message: WRONG_CLIENT };
  }
  const answer = await getJson(provider.userInfoUrl, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
  });
  if (!answer.ok) return answer;
  const body = answer.body;
  if (!provider.tokenInfoUrl && !issuedTo(body, provider.clientId)) return { ok: false, message: WRONG_CLIENT };
  const email = pick(body, provider.emailField);
  const verified = pick(body, provider.emailVerifiedField);
  const subject = pick(body, "sub") ?? pick(body, "id");
  const name = pick(body, provider.usernameField);
  return {
    ok: true,
    email: typeof email === "string" && email.includes("@") ? email.toLowerCase() : null,
    emailVerified: verified === true || verified === "true",
    subject: typeof subject === "string" || typeof subject === "number" ? String(subject) : null,
    name: typeof name === "string" ? name : null,
  };
}
