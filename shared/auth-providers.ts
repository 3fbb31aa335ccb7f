import { writeLine } from "./log/log-line";
/**
 * The sign-in providers (Google and the like) configured in the AUTH_PROVIDERS variable: the
 * embedded CMS signs in with them, and the shop's sign-in page shows a button for each. With a
 * real Strapi, set the same providers in its users-permissions settings and here.
 */
export interface ProviderConfig {
  /** Shown on the sign-in button, e.g. "Google". */
  label: string;
  /** Where /api/connect/{provider} sends the browser (the provider's authorisation page). */
  authorizeUrl: string;
  /** Called with `Authorization: Bearer <access_token>` to learn who signed in. */
  userInfoUrl: string;
  /** Field of the user-info answer holding the e-mail (dots for nesting), default "email". */
  emailField: string;
  /** Field holding a display name for the new account's username, default "name". */
  usernameField: string;
  /**
   * This shop's client id at the provider. A token is accepted only when the provider says
   * it was issued to this client (`aud`, `azp` or `client_id`), so a token some other app
   * obtained from its user cannot sign that user in here. Entries without one are ignored.
   */
  clientId: string;
  /**
   * Optional token-information endpoint (Google's tokeninfo style: GET `?access_token=`)
   * that names the token's client; without it the user-info answer must name it.
   */
  tokenInfoUrl: string;
  /** Field of the user-info answer saying the e-mail is verified, default "email_verified". */
  emailVerifiedField: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * AUTH_PROVIDERS is JSON: `{ "google": { "label": "Google", "authorizeUrl": "...",
 * "userInfoUrl": "https://openidconnect.googleapis.com/v1/userinfo", "emailField": "email" } }`.
 * Entries without an https (or local http) userInfoUrl are ignored.
 */
export function configuredProviders(env: { readonly AUTH_PROVIDERS?: string }): Record<string, ProviderConfig> {
  const raw = env.AUTH_PROVIDERS ?? "";
  if (!raw.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    writeLine("error", "AUTH_PROVIDERS is not valid JSON; provider sign-in is off");
    return {};
  }
  if (!isRecord(parsed)) return {};
  const providers: Record<string, ProviderConfig> = {};
  for (const [name, entry] of Object.entries(parsed)) {
    if (!/^[a-z0-9-]{1,32}$/.test(name) || !isRecord(entry)) continue;
    const userInfoUrl = typeof entry.userInfoUrl === "string" ? entry.userInfoUrl : "";
    if (!/^https:\/\/|^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(userInfoUrl)) continue;
    const clientId = typeof entry.clientId === "string" ? entry.clientId.trim() : "";
    if (!clientId) {
      writeLine("error", "An AUTH_PROVIDERS entry has no clientId; it is ignored (tokens could not be checked)", {
        operation: name,
      });
      continue;
    }
    const tokenInfoUrl = typeof entry.tokenInfoUrl === "string" ? entry.tokenInfoUrl : "";
    if (tokenInfoUrl && !/^https:\/\/|^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(tokenInfoUrl)) continue;
    providers[name] = {
      clientId,
      tokenInfoUrl,
      emailVerifiedField:
        typeof entry.emailVerifiedField === "string" && entry.emailVerifiedField
          ? entry.emailVerifiedField
          : "email_verified",
      label: typeof entry.label === "string" && entry.label ? entry.label : name,
      authorizeUrl: typeof entry.authorizeUrl === "string" ? entry.authorizeUrl : "",
      userInfoUrl,
      emailField: typeof entry.emailField === "string" && entry.emailField ? entry.emailField : "email",
      usernameField: typeof entry.usernameField === "string" && entry.usernameField ? entry.usernameField : "name",
    };
  }
  return providers;
}
