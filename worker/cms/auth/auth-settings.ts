/**
 * users-permissions' advanced settings (Strapi keeps them in core_store; here the
 * cms_auth_settings table, editable without a deploy). The sign-in providers are
 * configured in the AUTH_PROVIDERS variable (shared/auth-providers.ts).
 */
export interface AuthSettings {
  allowRegister: boolean;
  emailConfirmation: boolean;
  uniqueEmail: boolean;
  /** Front-end page that takes `?code=` to set a new password. */
  resetPasswordUrl: string | null;
  /** Where a confirmed e-mail link lands. */
  confirmationRedirect: string | null;
}

export async function readAuthSettings(db: D1Database): Promise<AuthSettings> {
  const { results } = await db
    .prepare("SELECT key, value FROM cms_auth_settings")
    .all<{ key: string; value: string }>();
  const value = (key: string) => results.find((row) => row.key === key)?.value;
  return {
    allowRegister: value("allow_register") !== "false",
    emailConfirmation: value("email_confirmation") === "true",
    uniqueEmail: value("unique_email") !== "false",
    resetPasswordUrl: value("email_reset_password") || null,
    confirmationRedirect: value("email_confirmation_redirection") || null,
  };
}
