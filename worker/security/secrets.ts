type SecretName = "JWT_SECRET" | "CMS_WEBHOOK_SECRET" | "COOKIE_SECRET";

/** A required secret, or an error that names it (set it with `wrangler secret put NAME`). */
export function requireSecret(env: Env, name: SecretName): string {
  const value = env[name];
  if (!value)
    throw new Error(`Missing secret ${name}: set it with \`wrangler secret put ${name}\` (locally in .dev.vars)`);
  return value;
}
