import { utf8Length } from "./bytes";

type SecretName = "JWT_SECRET" | "CMS_WEBHOOK_SECRET" | "COOKIE_SECRET";

/**
 * The bindings that hold the secrets: the worker's Env has them all. Checked here, below the
 * shop's platform and the embedded CMS alike, so both refuse a short or missing secret the same way.
 */
type SecretBindings = Readonly<Partial<Record<SecretName, string>>>;

const REQUIRED: readonly SecretName[] = ["JWT_SECRET", "CMS_WEBHOOK_SECRET", "COOKIE_SECRET"];

/**
 * 256 bits: the HMAC keys (JWT_SECRET, COOKIE_SECRET) are SHA-256 keys, and the webhook
 * secret is a bearer value; anything shorter is within reach of guessing or brute force.
 */
export const SECRET_MIN_BYTES = 32;

function problem(env: SecretBindings, name: SecretName): string | null {
  const value = env[name];
  if (!value) return `${name} is missing`;
  const bytes = utf8Length(value);
  return bytes < SECRET_MIN_BYTES ? `${name} is ${bytes} bytes, shorter than ${SECRET_MIN_BYTES}` : null;
}

/** A required secret, or an error that names it (set it with `wrangler secret put NAME`). */
export function requireSecret(env: SecretBindings, name: SecretName): string {
  const found = problem(env, name);
  if (found) {
    throw new Error(
      `Secret ${found}: set it with \`wrangler secret put ${name}\` (locally in .dev.vars) to at least ${SECRET_MIN_BYTES} random bytes`,
    );
  }
  return env[name] as string;
}

/** Every required secret present and long enough, or one error naming each that is not. */
export function assertSecrets(env: SecretBindings): void {
  const found = REQUIRED.map((name) => problem(env, name)).filter((p): p is string => p !== null);
  if (found.length) {
    throw new Error(
      `Secrets not usable: ${found.join("; ")}. Set each with \`wrangler secret put NAME\` (locally in .dev.vars) to at least ${SECRET_MIN_BYTES} random bytes, e.g. \`openssl rand -base64 48\`.`,
    );
  }
}
