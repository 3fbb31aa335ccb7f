import type { UserProfile } from "../../../shared/cms-model/user-profile";
/**
 * D1 access to the embedded CMS's users (cms_users). Parameterised SQL, explicit
 * columns, one row mapper; the password hash never leaves this module's callers
 * in a response (see toStrapiUser).
 */
export interface CmsUserRow {
  id: number;
  username: string;
  email: string;
  provider: string;
  password: string | null;
  confirmed: number;
  blocked: number;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postcode: string | null;
  created_at: string;
  updated_at: string;
  /** users-permissions role type: `authenticated`, or `staff` for the shop's staff (npm run staff). */
  role: "authenticated" | "staff";
}

/** The user as Strapi v4 answers it: private fields (password, tokens) dropped, no role. */
export interface StrapiUser extends UserProfile {
  id: number;
  username: string;
  email: string;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Profile attributes a shopper may change on their own record (custom attributes of the user type). */
export const PROFILE_FIELDS = ["firstName", "lastName", "phone", "address", "city", "country", "postcode"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileUpdate = Partial<Record<ProfileField, string | null>>;

const COLUMN_OF: Record<ProfileField, string> = {
  firstName: "first_name",
  lastName: "last_name",
  phone: "phone",
  address: "address",
  city: "city",
  country: "country",
  postcode: "postcode",
};

const COLUMNS =
  "id, username, email, provider, password, confirmed, blocked, first_name, last_name, phone, address, city, country, postcode, created_at, updated_at, role";

export function toStrapiUser(row: CmsUserRow): StrapiUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    provider: row.provider,
    confirmed: row.confirmed === 1,
    blocked: row.blocked === 1,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    address: row.address,
    city: row.city,
    country: row.country,
    postcode: row.postcode,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findUserById(db: D1Database, id: number): Promise<CmsUserRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM cms_users WHERE id = ?1`).bind(id).first<CmsUserRow>();
}

/** Sign-in lookup as Strapi does it: local provider, e-mail in lower case or the exact username. */
export function findLocalUserByIdentifier(db: D1Database, identifier: string): Promise<CmsUserRow | null> {
  return db
    .prepare(
      `SELECT ${COLUMNS} FROM cms_users WHERE provider = 'local' AND (email = ?1 OR username = ?2) ORDER BY id LIMIT 1`,
    )
    .bind(identifier.toLowerCase(), identifier)
    .first<CmsUserRow>();
}

export function findUserByEmail(db: D1Database, email: string, provider?: string): Promise<CmsUserRow | null> {
  const sql = provider
    ? `SELECT ${COLUMNS} FROM cms_users WHERE email = ?1 AND provider = ?2 ORDER BY id LIMIT 1`
    : `SELECT ${COLUMNS} FROM cms_users WHERE email = ?1 ORDER BY id LIMIT 1`;
  const statement = db.prepare(sql);
  return (provider ? statement.bind(email.toLowerCase(), provider) : statement.bind(email.toLowerCase())).first();
}

/**
 * Strapi's register conflict check: any user (of the provider, or of any provider when
 * e-mails must be unique) whose e-mail or username equals the new e-mail or username.
 */
export async function registrationConflict(
  db: D1Database,
  {
    email,
    username,
    provider,
    uniqueEmail,
  }: { email: string; username: string; provider: string; uniqueEmail: boolean },
): Promise<boolean> {
  const lower = email.toLowerCase();
  const row = await db
    .prepare(
      `SELECT id FROM cms_users
       WHERE (provider = ?1 OR ?2 = 1)
         AND (email = ?3 OR username = ?3 OR username = ?4 OR email = ?4)
       LIMIT 1`,
    )
    .bind(provider, uniqueEmail ? 1 : 0, lower, username)
    .first<{ id: number }>();
  return row !== null;
}

export interface NewUser {
  username: string;
  email: string;
  provider: string;
  passwordHash: string | null;
  confirmed: boolean;
}

export function insertUserStatement(db: D1Database, user: NewUser): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO cms_users (username, email, provider, password, confirmed) VALUES (?1, ?2, ?3, ?4, ?5)
       RETURNING ${COLUMNS}`,
    )
    .bind(user.username, user.email.toLowerCase(), user.provider, user.passwordHash, user.confirmed ? 1 : 0);
}

export async function insertUser(db: D1Database, user: NewUser): Promise<CmsUserRow> {
  const row = await insertUserStatement(db, user).first<CmsUserRow>();
  if (!row) throw new Error("Inserting a user returned no row");
  return row;
}

export function setPasswordStatement(db: D1Database, id: number, passwordHash: string): D1PreparedStatement {
  return db
    .prepare("UPDATE cms_users SET password = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1")
    .bind(id, passwordHash);
}

export function setConfirmedStatement(db: D1Database, id: number): D1PreparedStatement {
  return db
    .prepare("UPDATE cms_users SET confirmed = 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1")
    .bind(id);
}

/** Writes the given profile attributes (others untouched) and returns the updated row. */
export async function updateProfile(db: D1Database, id: number, update: ProfileUpdate): Promise<CmsUserRow | null> {
  const fields = PROFILE_FIELDS.filter((field) => field in update);
  if (fields.length === 0) return findUserById(db, id);
  const assignments = fields.map((field, i) => `${COLUMN_OF[field]} = ?${i + 2}`).join(", ");
  return db
    .prepare(
      `UPDATE cms_users SET ${assignments}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1
       RETURNING ${COLUMNS}`,
    )
    .bind(id, ...fields.map((field) => update[field] ?? null))
    .first<CmsUserRow>();
}
