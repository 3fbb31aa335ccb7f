import { Hono } from "hono";
import { getSignedCookie, setSignedCookie } from "hono/cookie";
import { describe, expect, it } from "vitest";
import { readSignedCookie, writeSignedCookie } from "../../worker/platform/security/signed-cookie";

const SECRET = "test-cookie-secret-0123456789abcdef";
const OTHER = "another-secret-0123456789abcdef0123";

/** A cookie as the browser sends it back: the name=value of a Set-Cookie header. */
const sentBack = (res: Response) => res.headers.get("set-cookie")!.split(";")[0]!;

describe("signed cookies (decision 0139)", () => {
  const app = new Hono();
  app.get("/hono-set", async (c) => {
    await setSignedCookie(c, "v", "a1b2.3.4.1", SECRET, { path: "/" });
    return c.text("");
  });
  app.get("/set", async (c) => {
    await writeSignedCookie(c, "v", "a1b2.3.4.1", SECRET, { path: "/" });
    return c.text("");
  });
  app.get("/read", async (c) => c.json({ ours: await readSignedCookie(c, "v", SECRET) }));
  app.get("/hono-read", async (c) => c.json({ hono: (await getSignedCookie(c, SECRET, "v")) ?? null }));
  app.get("/read-other", async (c) => c.json({ ours: await readSignedCookie(c, "v", OTHER) }));

  const read = async (path: string, cookie: string) => (await app.request(path, { headers: { cookie } })).json();

  it("writes what Hono's helpers wrote, byte for byte, and reads either's", async () => {
    const hono = sentBack(await app.request("/hono-set"));
    const ours = sentBack(await app.request("/set"));
    expect(ours).toBe(hono);
    expect(await read("/read", hono)).toEqual({ ours: "a1b2.3.4.1" });
    expect(await read("/hono-read", ours)).toEqual({ hono: "a1b2.3.4.1" });
  });

  it("reads null for a cookie missing, unsigned, forged, or signed under another secret", async () => {
    const ours = sentBack(await app.request("/set"));
    expect(await read("/read", "other=1")).toEqual({ ours: null });
    expect(await read("/read", "v=a1b2")).toEqual({ ours: null });
    expect(await read("/read", ours.replace("a1b2", "a1b3"))).toEqual({ ours: null });
    expect(await read("/read", ours.replace(/.{4}%3D$/, "AAAA%3D"))).toEqual({ ours: null });
    expect(await read("/read", "v=x.!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!%3D")).toEqual({ ours: null });
    expect(await read("/read-other", ours)).toEqual({ ours: null });
  });
});
