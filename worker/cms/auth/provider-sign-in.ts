import type { ProviderConfig } from "../../../shared/auth-providers";
import { readAuthSettings } from "./auth-settings";
import { fetchProviderProfile } from "./provider-profile";
import { type CmsUserRow, findUserById, insertUser } from "./user-store";

/**
 * Strapi's provider sign-in (UP/services/providers.js): who the access token
 * belongs to, then the user of that provider with that e-mail, created on first
 * sign-in (confirmed, since the provider vouches for the address). Messages are Strapi's.
 */
export type ProviderSignIn = { ok: true; user: CmsUserRow } | { ok: false; message: string };

async function userByIdentity(db: D1Database, provider: string, subject: string): Promise<CmsUserRow | null> {
  const row = await db
    .prepare("SELECT user_id FROM cms_user_identities WHERE provider = ?1 AND subject = ?2")
    .bind(provider, subject)
    .first<{ user_id: number }>();
  return row ? findUserById(db, row.user_id) : null;
}

async function rememberIdentity(db: D1Database, provider: string, subject: string, userId: number): Promise<void> {
  await db
    .prepare("INSERT OR IGNORE INTO cms_user_identities (provider, subject, user_id) VALUES (?1, ?2, ?3)")
    .bind(provider, subject, userId)
    .run();
}

/** A free username from the e-mail's local part (Strapi's providers do the same). */
async function freeUsername(db: D1Database, email: string): Promise<string> {
  const base = (email.split("@")[0] ?? "shopper").replace(/[^A-Za-z0-9._-]/g, "").slice(0, 40) || "shopper";
  let candidate = base.length >= 3 ? base : `${base}-user`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await db.prepare("SELECT 1 FROM cms_users WHERE username = ?1").bind(candidate).first();
    if (!taken) return candidate;
    candidate = `${base}-${crypto.randomUUID().slice(0, 6)}`;
  }
  return `${base}-${crypto.randomUUID().slice(0, 12)}`;
}

export async function signInWithProvider(
  db: D1Database,
  name: string,
  provider: ProviderConfig,
  accessToken: string,
): Promise<ProviderSignIn> {
  const profile = await fetchProviderProfile(provider, accessToken);
  if (!profile.ok) return profile;
  if (!profile.email) return { ok: false, message: "Email was not available." };
  const settings = await readAuthSettings(db);
  const known = profile.subject ? await userByIdentity(db, name, profile.subject) : null;
  const { results } = await db
    .prepare("SELECT id, provider FROM cms_users WHERE email = ?1")
    .bind(profile.email)
    .all<{ id: number; provider: string }>();
  const sameProvider = results.find((row) => row.provider === name);
  // Not Strapi's: an account is found (or made) by e-mail only when the provider vouches for
  // the address. Otherwise anyone who can put a victim's address on a provider account they
  // control would be let into the victim's account (or pre-claim it).
  if (!known && !profile.emailVerified) {
    return { ok: false, message: "Your e-mail address is not verified with this sign-in provider." };
  }
  let user = known ?? (sameProvider ? await findUserById(db, sameProvider.id) : null);
  if (!user && results.length > 0 && settings.uniqueEmail) return { ok: false, message: "Email is already taken." };
  if (user?.blocked === 1) return { ok: false, message: "Your account has been blocked by an administrator" };
  if (!user) {
    if (!settings.allowRegister) return { ok: false, message: "Register action is actually not available." };
    user = await insertUser(db, {
      username: await freeUsername(db, profile.email),
      email: profile.email,
      provider: name,
      passwordHash: null,
      confirmed: true,
    });
  }
  if (profile.subject) await rememberIdentity(db, name, profile.subject, user.id);
  return { ok: true, user };
}
