import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TOKEN_COOKIE } from "../../shared/cookie-names";
import { api, register } from "./support/auth-api";
import { Browser } from "./support/browser-session";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00");

async function signedIn() {
  const shopper = await register();
  const browser = new Browser();
  await browser.post("/user/login", { identifier: shopper.email, password: shopper.password });
  return { shopper, browser };
}

function profileForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("avatar", new File([file.bytes], file.name, { type: file.type }));
  return form;
}

describe("/user/edit", () => {
  it("shows the upload hint from UPLOAD_MAX_BYTES", async () => {
    const { browser } = await signedIn();
    const html = await (await browser.get("/user/edit")).text();
    expect(html).toContain("PNG, JPG, GIF up to 5MB");
    expect(html).toContain('encType="multipart/form-data"');
  });

  it("saves the profile and shows it on the overview and in the header", async () => {
    const { shopper, browser } = await signedIn();
    const res = await browser.postMultipart(
      "/user/edit",
      profileForm({
        firstName: "Layla",
        lastName: "Haddad",
        phone: "+971 50 123 4567",
        address: "Villa 12, Al Wasl Road",
        city: "Dubai",
        country: "United Arab Emirates",
        postcode: "00000",
      }),
      "/user/edit",
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/user?notice=profile-saved");
    const html = await (await browser.get("/user?notice=profile-saved")).text();
    expect(html).toContain("Hello, Layla Haddad");
    expect(html).toContain("Villa 12, Al Wasl Road");
    expect(html).toContain("Account of Layla Haddad");
    const me = await api("GET", "/users/me", undefined, { token: browser.cookies.get(TOKEN_COOKIE) });
    expect(me.body).toMatchObject({ id: shopper.id, firstName: "Layla", city: "Dubai" });
  });

  it("keeps what was typed and marks the bad fields with a 422", async () => {
    const { browser } = await signedIn();
    const res = await browser.postMultipart(
      "/user/edit",
      profileForm({ firstName: "Layla", phone: "call me maybe" }),
      "/user/edit",
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toMatch(/id="field-phone-error"[^>]*>.*Enter a phone number/);
    expect(html).toContain('value="Layla"');
    expect(html).toContain('value="call me maybe"');
  });

  it("stores a PNG avatar in R2 and serves it back with its type", async () => {
    const { shopper, browser } = await signedIn();
    const res = await browser.postMultipart(
      "/user/edit",
      profileForm({}, { bytes: PNG, name: "me.png", type: "image/png" }),
      "/user/edit",
    );
    expect(res.status).toBe(303);
    const row = await env.DB.prepare("SELECT object_key, content_type, size FROM account_avatars WHERE user_id = ?1")
      .bind(shopper.id)
      .first<{ object_key: string; content_type: string; size: number }>();
    expect(row).toMatchObject({ content_type: "image/png", size: PNG.byteLength });
    const html = await (await browser.get("/user")).text();
    const src = html.match(/src="(\/user\/avatar\/[0-9a-f]{32})"/)?.[1];
    expect(src).toBeDefined();
    const image = await new Browser().get(src!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  it("replaces the old avatar file when a new one is uploaded", async () => {
    const { shopper, browser } = await signedIn();
    await browser.postMultipart(
      "/user/edit",
      profileForm({}, { bytes: PNG, name: "a.png", type: "image/png" }),
      "/user/edit",
    );
    const first = await env.DB.prepare("SELECT object_key FROM account_avatars WHERE user_id = ?1")
      .bind(shopper.id)
      .first<{ object_key: string }>();
    await browser.postMultipart(
      "/user/edit",
      profileForm({}, { bytes: GIF, name: "b.gif", type: "image/gif" }),
      "/user/edit",
    );
    const second = await env.DB.prepare("SELECT object_key, content_type FROM account_avatars WHERE user_id = ?1")
      .bind(shopper.id)
      .first<{ object_key: string; content_type: string }>();
    expect(second?.content_type).toBe("image/gif");
    expect(second?.object_key).not.toBe(first?.object_key);
    expect(await env.UPLOADS.get(first!.object_key)).toBeNull();
  });

  it("judges the file by its bytes: a script named .png is refused beside the field", async () => {
    const { browser } = await signedIn();
    const fake = new TextEncoder().encode("<svg onload=alert(1)></svg>");
    const res = await browser.postMultipart(
      "/user/edit",
      profileForm({}, { bytes: fake, name: "cute.png", type: "image/png" }),
      "/user/edit",
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toMatch(/id="field-avatar-error"[^>]*>.*not a PNG, JPG or GIF image/);
  });

  it("refuses a file over UPLOAD_MAX_BYTES", async () => {
    const { browser } = await signedIn();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await browser.postMultipart(
      "/user/edit",
      profileForm({}, { bytes: big, name: "big.png", type: "image/png" }),
      "/user/edit",
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("This file is too large. PNG, JPG, GIF up to 5MB.");
  });

  it("answers 404 for an avatar that does not exist", async () => {
    expect((await new Browser().get(`/user/avatar/${"0".repeat(32)}`)).status).toBe(404);
  });

  it("only ever changes the signed-in shopper's own record", async () => {
    const { shopper: ann, browser } = await signedIn();
    const bob = await register();
    // A forged id in the form is ignored: the id comes from the session.
    const form = profileForm({ firstName: "Mallory", id: String(bob.id) });
    expect((await browser.postMultipart("/user/edit", form, "/user/edit")).status).toBe(303);
    const bobNow = await api("GET", "/users/me", undefined, { token: bob.jwt });
    expect(bobNow.body.firstName).toBeNull();
    const annNow = await api("GET", "/users/me", undefined, { token: browser.cookies.get(TOKEN_COOKIE) });
    expect(annNow.body).toMatchObject({ id: ann.id, firstName: "Mallory" });
  });
});

describe("/user/password when signed in", () => {
  it("changes the password and keeps the shopper signed in", async () => {
    const { shopper, browser } = await signedIn();
    const res = await browser.post(
      "/user/password",
      { currentPassword: shopper.password, password: "Another-rose-7", passwordConfirmation: "Another-rose-7" },
      { from: "/user/password" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/user?notice=password-changed");
    expect((await browser.get("/user")).status).toBe(200);
    expect((await api("POST", "/auth/local", { identifier: shopper.email, password: "Another-rose-7" })).status).toBe(
      200,
    );
  });

  it("shows a wrong current password and a mismatch beside their fields", async () => {
    const { browser } = await signedIn();
    const wrong = await browser.post(
      "/user/password",
      { currentPassword: "Not-my-pass-1", password: "Another-rose-7", passwordConfirmation: "Another-rose-7" },
      { from: "/user/password" },
    );
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toMatch(/id="field-currentPassword-error"[^>]*>.*current password is not right/);
    const mismatch = await browser.post(
      "/user/password",
      { currentPassword: "x", password: "Another-rose-7", passwordConfirmation: "Another-rose-8" },
      { from: "/user/password" },
    );
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toMatch(/id="field-passwordConfirmation-error"[^>]*>.*not the same/);
  });
});
