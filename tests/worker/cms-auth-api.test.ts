import { env } from "cloudflare:test";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";
import {
  api,
  expectStrapiError,
  latestMail,
  register,
  setAuthSetting,
  uniqueIp,
  uniqueShopper,
} from "./support/auth-api";
import { startOfRateWindow } from "./support/rate-window";

const secret = () => new TextEncoder().encode(env.JWT_SECRET);

describe("POST /api/auth/local/register", () => {
  it("creates a confirmed user and answers { jwt, user } without private fields", async () => {
    const shopper = uniqueShopper();
    const res = await api("POST", "/auth/local/register", shopper);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["jwt", "user"]);
    expect(res.body.user).toMatchObject({
      username: shopper.username,
      email: shopper.email,
      provider: "local",
      confirmed: true,
      blocked: false,
    });
    expect(typeof res.body.user.id).toBe("number");
    expect(res.body.user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const hidden of ["password", "resetPasswordToken", "confirmationToken", "role"]) {
      expect(res.body.user).not.toHaveProperty(hidden);
    }
  });

  it("stores a salted PBKDF2 hash, never the password", async () => {
    const shopper = await register();
    const row = await env.DB.prepare("SELECT password FROM cms_users WHERE id = ?1")
      .bind(shopper.id)
      .first<{ password: string }>();
    expect(row?.password).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(row?.password).not.toContain(shopper.password);
    const other = await register(uniqueShopper());
    const otherRow = await env.DB.prepare("SELECT password FROM cms_users WHERE id = ?1")
      .bind(other.id)
      .first<{ password: string }>();
    expect(otherRow?.password.split("$")[2]).not.toBe(row?.password.split("$")[2]);
  });

  it("lower-cases the e-mail", async () => {
    const shopper = uniqueShopper();
    const res = await api("POST", "/auth/local/register", { ...shopper, email: shopper.email.toUpperCase() });
    expect(res.body.user.email).toBe(shopper.email);
  });

  it("reports every missing field with yup's messages", async () => {
    const res = await api("POST", "/auth/local/register", {});
    expectStrapiError(res, 400, "ValidationError", "3 errors occurred");
    expect(res.body.error.details.errors).toEqual([
      { path: ["username"], message: "username is a required field", name: "ValidationError" },
      { path: ["email"], message: "email is a required field", name: "ValidationError" },
      { path: ["password"], message: "password is a required field", name: "ValidationError" },
    ]);
  });

  it("rejects a malformed e-mail", async () => {
    const res = await api("POST", "/auth/local/register", { ...uniqueShopper(), email: "not-an-address" });
    expectStrapiError(res, 400, "ValidationError", "email must be a valid email");
  });

  it("rejects a password shorter than 6 characters and a username shorter than 3", async () => {
    const short = await api("POST", "/auth/local/register", { ...uniqueShopper(), password: "abc" });
    expectStrapiError(short, 400, "ValidationError", "password must be at least 6 characters");
    const tiny = await api("POST", "/auth/local/register", { ...uniqueShopper(), username: "ab" });
    expectStrapiError(tiny, 400, "ValidationError", "username must be at least 3 characters");
  });

  it("refuses an e-mail or username that is taken, either way round", async () => {
    const first = await register();
    const sameEmail = await api("POST", "/auth/local/register", { ...uniqueShopper(), email: first.email });
    expectStrapiError(sameEmail, 400, "ApplicationError", "Email or Username are already taken");
    const sameName = await api("POST", "/auth/local/register", { ...uniqueShopper(), username: first.username });
    expectStrapiError(sameName, 400, "ApplicationError", "Email or Username are already taken");
    const emailAsName = await api("POST", "/auth/local/register", { ...uniqueShopper(), username: first.email });
    expectStrapiError(emailAsName, 400, "ApplicationError", "Email or Username are already taken");
  });

  it("ignores attributes a shopper may not set, such as confirmed, blocked or provider", async () => {
    const res = await api("POST", "/auth/local/register", {
      ...uniqueShopper(),
      blocked: true,
      provider: "google",
      role: 1,
      firstName: "Layla",
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ blocked: false, provider: "local", firstName: "Layla" });
  });

  it("answers 'Register action is currently disabled' when registration is off", async () => {
    await setAuthSetting("allow_register", "false");
    try {
      const res = await api("POST", "/auth/local/register", uniqueShopper());
      expectStrapiError(res, 400, "ApplicationError", "Register action is currently disabled");
    } finally {
      await setAuthSetting("allow_register", "true");
    }
  });
});

describe("POST /api/auth/local", () => {
  it("signs in by e-mail (any case) or exact username and answers { jwt, user }", async () => {
    const shopper = await register();
    const byEmail = await api("POST", "/auth/local", {
      identifier: shopper.email.toUpperCase(),
      password: shopper.password,
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.user.id).toBe(shopper.id);
    expect(typeof byEmail.body.jwt).toBe("string");
    const byName = await api("POST", "/auth/local", { identifier: shopper.username, password: shopper.password });
    expect(byName.body.user.id).toBe(shopper.id);
    const wrongCase = await api("POST", "/auth/local", {
      identifier: shopper.username.toUpperCase(),
      password: shopper.password,
    });
    expectStrapiError(wrongCase, 400, "ValidationError", "Invalid identifier or password");
  });

  it("gives the same answer for an unknown user and a wrong password", async () => {
    const shopper = await register();
    const wrong = await api("POST", "/auth/local", { identifier: shopper.email, password: "not-the-password" });
    expectStrapiError(wrong, 400, "ValidationError", "Invalid identifier or password");
    const unknown = await api("POST", "/auth/local", { identifier: "nobody@example.com", password: "whatever1" });
    expectStrapiError(unknown, 400, "ValidationError", "Invalid identifier or password");
  });

  it("requires both fields", async () => {
    const res = await api("POST", "/auth/local", { identifier: "someone" });
    expectStrapiError(res, 400, "ValidationError", "password is a required field");
    const typed = await api("POST", "/auth/local", { identifier: 42, password: "x" });
    expect(typed.body.error.message).toMatch(/^identifier must be a `string` type/);
  });

  it("refuses a blocked account after checking the password", async () => {
    const shopper = await register();
    await env.DB.prepare("UPDATE cms_users SET blocked = 1 WHERE id = ?1").bind(shopper.id).run();
    const res = await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password });
    expectStrapiError(res, 400, "ApplicationError", "Your account has been blocked by an administrator");
  });

  it("answers 403 Forbidden to a caller who already sends a valid token", async () => {
    const shopper = await register();
    const res = await api(
      "POST",
      "/auth/local",
      { identifier: shopper.email, password: shopper.password },
      { token: shopper.jwt },
    );
    expectStrapiError(res, 403, "ForbiddenError", "Forbidden");
  });

  it("lets 10 attempts a minute through per identifier, path and address, then answers 429", async () => {
    const ip = uniqueIp();
    const shopper = await register();
    startOfRateWindow();
    for (let i = 0; i < 10; i++) {
      const res = await api("POST", "/auth/local", { identifier: shopper.email, password: "wrong-password" }, { ip });
      expect(res.status).toBe(400);
    }
    const limited = await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password }, { ip });
    expectStrapiError(limited, 429, "RateLimitError", "Too many requests, please try again later.");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back by this one's attempts.
    const elsewhere = await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password });
    expect(elsewhere.status).toBe(200);
  }, 60_000);
});

describe("JWT", () => {
  it("is HS256 with exactly { id, iat, exp } and a 30-day lifetime", async () => {
    const shopper = await register();
    expect(decodeProtectedHeader(shopper.jwt)).toMatchObject({ alg: "HS256", typ: "JWT" });
    const claims = decodeJwt(shopper.jwt);
    expect(Object.keys(claims).sort()).toEqual(["exp", "iat", "id"]);
    expect(claims.id).toBe(shopper.id);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(30 * 24 * 60 * 60);
  });

  it("rejects a tampered token with 401 'Missing or invalid credentials'", async () => {
    const shopper = await register();
    const [header, , signature] = shopper.jwt.split(".");
    const forgedPayload = btoa(JSON.stringify({ id: shopper.id + 1, iat: 1, exp: 4102444800 })).replace(/=+$/, "");
    const res = await api("GET", "/users/me", undefined, { token: `${header}.${forgedPayload}.${signature}` });
    expectStrapiError(res, 401, "UnauthorizedError", "Missing or invalid credentials");
    const other = await new SignJWT({ id: shopper.id })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret"));
    expectStrapiError(
      await api("GET", "/users/me", undefined, { token: other }),
      401,
      "UnauthorizedError",
      "Missing or invalid credentials",
    );
  });

  it("rejects an expired token", async () => {
    const shopper = await register();
    const past = Math.floor(Date.now() / 1000) - 31 * 24 * 60 * 60;
    const expired = await new SignJWT({ id: shopper.id })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(past)
      .setExpirationTime(past + 60)
      .sign(secret());
    expectStrapiError(
      await api("GET", "/users/me", undefined, { token: expired }),
      401,
      "UnauthorizedError",
      "Missing or invalid credentials",
    );
  });

  it("rejects the 'none' algorithm and garbage", async () => {
    const shopper = await register();
    const none = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${btoa(JSON.stringify({ id: shopper.id })).replace(/=+$/, "")}.`;
    expectStrapiError(
      await api("GET", "/users/me", undefined, { token: none }),
      401,
      "UnauthorizedError",
      "Missing or invalid credentials",
    );
    expectStrapiError(
      await api("GET", "/users/me", undefined, { token: "garbage" }),
      401,
      "UnauthorizedError",
      "Missing or invalid credentials",
    );
  });

  it("answers 401 even on public routes when the token is bad", async () => {
    const res = await api("POST", "/auth/forgot-password", { email: "a@example.com" }, { token: "not.a.jwt" });
    expectStrapiError(res, 401, "UnauthorizedError", "Missing or invalid credentials");
  });

  it("answers 401 'Invalid credentials' for a valid token of a blocked or deleted user", async () => {
    const blocked = await register();
    await env.DB.prepare("UPDATE cms_users SET blocked = 1 WHERE id = ?1").bind(blocked.id).run();
    expectStrapiError(
      await api("GET", "/users/me", undefined, { token: blocked.jwt }),
      401,
      "UnauthorizedError",
      "Invalid credentials",
    );
    const gone = await register();
    await env.DB.prepare("DELETE FROM cms_users WHERE id = ?1").bind(gone.id).run();
    expectStrapiError(
      await api("GET", "/users/me", undefined, { token: gone.jwt }),
      401,
      "UnauthorizedError",
      "Invalid credentials",
    );
  });
});

describe("GET /api/users/me", () => {
  it("returns the bare user for the token's owner", async () => {
    const shopper = await register();
    const res = await api("GET", "/users/me", undefined, { token: shopper.jwt });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("data");
    expect(res.body).toMatchObject({ id: shopper.id, username: shopper.username, email: shopper.email });
  });

  it("answers 403 Forbidden without a token", async () => {
    expectStrapiError(await api("GET", "/users/me"), 403, "ForbiddenError", "Forbidden");
  });

  it("leaves the role out even when asked to populate it, as Strapi's sanitiser does", async () => {
    const shopper = await register();
    await env.DB.prepare("UPDATE cms_users SET role = 'staff' WHERE id = ?1").bind(shopper.id).run();
    for (const query of ["populate=role", "populate=*", "populate[role]=*"]) {
      const res = await api("GET", `/users/me?${query}`, undefined, { token: shopper.jwt });
      expect(res.status, query).toBe(200);
      expect(res.body, query).not.toHaveProperty("role");
    }
  });
});

describe("GraphQL me", () => {
  async function me(token?: string) {
    const res = await fetchWorker("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: "{ me { id username role { id name type } } }" }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the answer is checked field by field
    return { status: res.status, body: (await res.json()) as any };
  }

  it("answers the token's user with their role, read afresh on every request", async () => {
    const shopper = await register();
    const first = await me(shopper.jwt);
    expect(first.body.data.me).toEqual({
      id: String(shopper.id),
      username: shopper.username,
      role: { id: "1", name: "Authenticated", type: "authenticated" },
    });
    await env.DB.prepare("UPDATE cms_users SET role = 'staff' WHERE id = ?1").bind(shopper.id).run();
    expect((await me(shopper.jwt)).body.data.me.role).toEqual({ id: "3", name: "Staff", type: "staff" });
  });

  it("answers an anonymous caller as Strapi does: me null and FORBIDDEN", async () => {
    const { status, body } = await me();
    expect(status).toBe(200);
    expect(body.data).toEqual({ me: null });
    expect(body.errors[0]).toMatchObject({
      message: "Forbidden access",
      extensions: { code: "FORBIDDEN", error: { name: "ForbiddenError" } },
    });
  });
});

describe("PUT /api/users/:id", () => {
  it("updates the caller's own profile fields", async () => {
    const shopper = await register();
    const res = await api(
      "PUT",
      `/users/${shopper.id}`,
      { firstName: "Layla", city: "Dubai", phone: "+971 50 123 4567" },
      { token: shopper.jwt },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Layla", city: "Dubai", phone: "+971 50 123 4567", lastName: null });
  });

  it("never lets one shopper read or change another's profile", async () => {
    const ann = await register();
    const bob = await register();
    expectStrapiError(
      await api("GET", `/users/${bob.id}`, undefined, { token: ann.jwt }),
      403,
      "ForbiddenError",
      "Forbidden",
    );
    expectStrapiError(
      await api("PUT", `/users/${bob.id}`, { firstName: "Mallory" }, { token: ann.jwt }),
      403,
      "ForbiddenError",
      "Forbidden",
    );
    const bobNow = await api("GET", "/users/me", undefined, { token: bob.jwt });
    expect(bobNow.body.firstName).toBeNull();
  });

  it("does not let a shopper change protected attributes", async () => {
    const shopper = await register();
    const res = await api(
      "PUT",
      `/users/${shopper.id}`,
      { blocked: true, confirmed: false, email: "x@example.com", password: "changed1" },
      { token: shopper.jwt },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ blocked: false, confirmed: true, email: shopper.email });
    const signIn = await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password });
    expect(signIn.status).toBe(200);
  });
});

describe("POST /api/auth/forgot-password and /api/auth/reset-password", () => {
  it("answers { ok: true } whether or not the e-mail has an account", async () => {
    const shopper = await register();
    const known = await api("POST", "/auth/forgot-password", { email: shopper.email });
    expect(known).toMatchObject({ status: 200, body: { ok: true } });
    const unknown = await api("POST", "/auth/forgot-password", { email: "nobody-here@example.com" });
    expect(unknown).toMatchObject({ status: 200, body: { ok: true } });
    expect((await latestMail("nobody-here@example.com")).row).toBeNull();
  });

  it("rejects unknown keys and a bad e-mail", async () => {
    const extra = await api("POST", "/auth/forgot-password", { email: "a@example.com", url: "https://evil.example" });
    expectStrapiError(extra, 400, "ValidationError", "this field has unspecified keys: url");
    expectStrapiError(
      await api("POST", "/auth/forgot-password", { email: "nope" }),
      400,
      "ValidationError",
      "email must be a valid email",
    );
  });

  it("queues a reset e-mail whose code sets a new password once", async () => {
    const shopper = await register();
    await api("POST", "/auth/forgot-password", { email: shopper.email });
    const { row, code } = await latestMail(shopper.email);
    expect(row?.kind).toBe("reset-password");
    expect(row?.body_text).toContain(`https://shop.example/user/password?code=${code}`);
    expect(code).toMatch(/^[0-9a-f]{128}$/);
    const reset = await api("POST", "/auth/reset-password", {
      code,
      password: "New-password-1",
      passwordConfirmation: "New-password-1",
    });
    expect(reset.status).toBe(200);
    expect(reset.body.user.id).toBe(shopper.id);
    expect(typeof reset.body.jwt).toBe("string");
    const again = await api("POST", "/auth/reset-password", {
      code,
      password: "Another-pass-2",
      passwordConfirmation: "Another-pass-2",
    });
    expectStrapiError(again, 400, "ValidationError", "Incorrect code provided");
    expect((await api("POST", "/auth/local", { identifier: shopper.email, password: "New-password-1" })).status).toBe(
      200,
    );
    expect((await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password })).status).toBe(
      400,
    );
  });

  it("refuses an expired code", async () => {
    const shopper = await register();
    await api("POST", "/auth/forgot-password", { email: shopper.email });
    const { code } = await latestMail(shopper.email);
    await env.DB.prepare("UPDATE cms_auth_codes SET expires_at = ?1 WHERE user_id = ?2")
      .bind(Date.now() - 1000, shopper.id)
      .run();
    const res = await api("POST", "/auth/reset-password", {
      code,
      password: "New-password-1",
      passwordConfirmation: "New-password-1",
    });
    expectStrapiError(res, 400, "ValidationError", "Incorrect code provided");
  });

  it("only the newest code works after asking twice", async () => {
    const shopper = await register();
    await api("POST", "/auth/forgot-password", { email: shopper.email });
    const first = (await latestMail(shopper.email)).code;
    await api("POST", "/auth/forgot-password", { email: shopper.email });
    const second = (await latestMail(shopper.email)).code;
    expect(second).not.toBe(first);
    const old = await api("POST", "/auth/reset-password", {
      code: first,
      password: "New-password-1",
      passwordConfirmation: "New-password-1",
    });
    expectStrapiError(old, 400, "ValidationError", "Incorrect code provided");
    const fresh = await api("POST", "/auth/reset-password", {
      code: second,
      password: "New-password-1",
      passwordConfirmation: "New-password-1",
    });
    expect(fresh.status).toBe(200);
  });

  it("says 'Passwords do not match' and keeps the code usable", async () => {
    const shopper = await register();
    await api("POST", "/auth/forgot-password", { email: shopper.email });
    const { code } = await latestMail(shopper.email);
    const mismatch = await api("POST", "/auth/reset-password", {
      code,
      password: "New-password-1",
      passwordConfirmation: "Other-1",
    });
    expectStrapiError(mismatch, 400, "ValidationError", "Passwords do not match");
    const ok = await api("POST", "/auth/reset-password", {
      code,
      password: "New-password-1",
      passwordConfirmation: "New-password-1",
    });
    expect(ok.status).toBe(200);
  });

  it("rejects a made-up code", async () => {
    const res = await api("POST", "/auth/reset-password", {
      code: "ab".repeat(64),
      password: "New-password-1",
      passwordConfirmation: "New-password-1",
    });
    expectStrapiError(res, 400, "ValidationError", "Incorrect code provided");
  });
});

describe("POST /api/auth/change-password", () => {
  it("changes the password and answers { jwt, user }", async () => {
    const shopper = await register();
    const res = await api(
      "POST",
      "/auth/change-password",
      { currentPassword: shopper.password, password: "Brand-new-9", passwordConfirmation: "Brand-new-9" },
      { token: shopper.jwt },
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["jwt", "user"]);
    expect((await api("POST", "/auth/local", { identifier: shopper.email, password: "Brand-new-9" })).status).toBe(200);
  });

  it("answers Strapi's messages for a wrong current password, a mismatch and reuse", async () => {
    const shopper = await register();
    const call = (body: unknown) => api("POST", "/auth/change-password", body, { token: shopper.jwt });
    expectStrapiError(
      await call({ currentPassword: "wrong-one", password: "Brand-new-9", passwordConfirmation: "Brand-new-9" }),
      400,
      "ValidationError",
      "The provided current password is invalid",
    );
    expectStrapiError(
      await call({ currentPassword: shopper.password, password: "Brand-new-9", passwordConfirmation: "Brand-new-8" }),
      400,
      "ValidationError",
      "Passwords do not match",
    );
    expectStrapiError(
      await call({
        currentPassword: shopper.password,
        password: shopper.password,
        passwordConfirmation: shopper.password,
      }),
      400,
      "ValidationError",
      "Your new password must be different than your current password",
    );
  });

  it("answers 403 without a token", async () => {
    const res = await api("POST", "/auth/change-password", {
      currentPassword: "a",
      password: "b",
      passwordConfirmation: "b",
    });
    expectStrapiError(res, 403, "ForbiddenError", "Forbidden");
  });
});

describe("e-mail confirmation", () => {
  afterEach(async () => {
    await setAuthSetting("email_confirmation", "false");
  });

  it("registers without a jwt, refuses sign-in until the link is followed, then lets the shopper in", async () => {
    await setAuthSetting("email_confirmation", "true");
    const shopper = uniqueShopper();
    const res = await api("POST", "/auth/local/register", shopper);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["user"]);
    expect(res.body.user.confirmed).toBe(false);
    const early = await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password });
    expectStrapiError(early, 400, "ApplicationError", "Your account email is not confirmed");
    const { row, code } = await latestMail(shopper.email);
    expect(row?.kind).toBe("email-confirmation");
    expect(row?.body_text).toContain("https://shop.example/api/auth/email-confirmation?confirmation=");
    const follow = await api("GET", `/auth/email-confirmation?confirmation=${code}`);
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("/user/login?confirmed=1");
    expectStrapiError(
      await api("GET", `/auth/email-confirmation?confirmation=${code}`),
      400,
      "ValidationError",
      "Invalid token",
    );
    expect((await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password })).status).toBe(
      200,
    );
  });

  it("send-email-confirmation answers { email, sent: true }, hides unknown addresses, refuses confirmed ones", async () => {
    const confirmed = await register();
    await setAuthSetting("email_confirmation", "true");
    const shopper = uniqueShopper();
    await api("POST", "/auth/local/register", shopper);
    const again = await api("POST", "/auth/send-email-confirmation", { email: shopper.email });
    expect(again).toMatchObject({ status: 200, body: { email: shopper.email, sent: true } });
    const unknown = await api("POST", "/auth/send-email-confirmation", { email: "ghost@example.com" });
    expect(unknown).toMatchObject({ status: 200, body: { email: "ghost@example.com", sent: true } });
    expectStrapiError(
      await api("POST", "/auth/send-email-confirmation", { email: confirmed.email }),
      400,
      "ApplicationError",
      "Already confirmed",
    );
  });
});
