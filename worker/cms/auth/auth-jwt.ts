import { errors, jwtVerify, SignJWT } from "jose";
import { utf8 } from "../../../shared/bytes";
import { requireSecret } from "../../../shared/secrets";

/** Strapi's users-permissions tokens: HS256, claims `{ id, iat, exp }`, valid 30 days. */
export const JWT_EXPIRES_IN_SECONDS = 30 * 24 * 60 * 60;

function secretKey(env: Env): Uint8Array {
  return utf8(requireSecret(env, "JWT_SECRET"));
}

export async function issueJwt(env: Env, userId: number, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({ id: userId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + JWT_EXPIRES_IN_SECONDS)
    .sign(secretKey(env));
}

/** The user id a token was issued for, or null when it is forged, expired or malformed. */
export async function readJwtUserId(env: Env, token: string): Promise<number | null> {
  return (await readJwtClaims(env, token))?.id ?? null;
}

/** The user id and issue time (seconds) of a valid token, or null when it is forged, expired or malformed. */
export async function readJwtClaims(env: Env, token: string): Promise<{ id: number; iat: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(env), { algorithms: ["HS256"] });
    const { id, iat } = payload;
    if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) return null;
    return { id, iat: typeof iat === "number" ? iat : 0 };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
