import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";

const SAME_SITE = { origin: "https://shop.example", "sec-fetch-site": "same-origin" };

/** A body that arrives in chunks with no Content-Length, as a chunked upload would. */
function chunked(totalBytes: number, chunkBytes = 4096): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunkBytes, totalBytes - sent);
      controller.enqueue(new TextEncoder().encode("a".repeat(size)));
      sent += size;
    },
  });
}

describe("bounded bodies (issue 13, item 7)", () => {
  it("refuses a form past its limit by Content-Length with 413 and a message", async () => {
    const body = `slug=x&pad=${"a".repeat(64 * 1024)}`;
    const res = await fetchWorker("/cart/add", {
      method: "POST",
      headers: {
        ...SAME_SITE,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(body.length),
      },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toMatch(/too large to send \(at most 16 KB\)/);
  });

  it("refuses a body without Content-Length once the counted stream passes the limit", async () => {
    const res = await fetchWorker("/api/auth/local", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "10.99.0.1" },
      body: chunked(200 * 1024),
      // @ts-expect-error workerd's RequestInit takes duplex for streamed bodies
      duplex: "half",
    });
    expect(res.status).toBe(413);
    const json = (await res.json()) as { error: { status: number; name: string; message: string } };
    expect(json.error).toMatchObject({ status: 413, name: "PayloadTooLargeError" });
    expect(json.error.message).toMatch(/at most 64 KB/);
  });

  it("refuses more file parts than a form takes", async () => {
    const form = new FormData();
    form.set("name", "Mira");
    for (let i = 0; i < 6; i++) form.append("attachment", new File([new Uint8Array([0xff, 0xd8, 0xff])], `${i}.jpg`));
    const res = await fetchWorker("/requests/callback", { method: "POST", headers: SAME_SITE, body: form });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Too many files: attach at most 5.");
  });

  it("refuses a file on a form that takes none", async () => {
    const form = new FormData();
    form.set("slug", "x");
    form.set("sneaky", new File(["x"], "x.txt"));
    const res = await fetchWorker("/cart/add", { method: "POST", headers: SAME_SITE, body: form });
    expect(res.status).toBe(413);
  });

  it("still takes an ordinary form (the bag) after the checks", async () => {
    const browser = new Browser();
    const res = await browser.post("/favorites/toggle", { slug: "no-such-product-anywhere" });
    expect(res.status).toBe(303);
  });
});

describe("malformed bodies answer 4xx, never 500 (issue 13, item 4)", () => {
  it.each(["/cart/add", "/favorites/toggle", "/requests/callback", "/reviews", "/user/login", "/cart/order"])(
    "a broken multipart body on %s is a 400 that says to send the form again",
    async (path) => {
      const res = await fetchWorker(path, {
        method: "POST",
        headers: { ...SAME_SITE, "content-type": "multipart/form-data; boundary=xyz" },
        body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno closing boundary',
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("We could not read this form");
    },
  );
});
