import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fromBase64, sha256, toBase64, toBase64Url, toHex, utf8, utf8Length } from "../../shared/bytes";
import { hmacSha256, timingSafeEqual, verifyHmacSha256Hex } from "../../worker/platform/security/crypto";
import { appRequest } from "./support/app-request";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the crypto helper against published vectors", () => {
  it("computes HMAC-SHA256 as RFC 4231 test case 2 gives it", async () => {
    expect(toHex(await hmacSha256("Jefe", "what do ya want for nothing?"))).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("computes SHA-256 of 'abc' as FIPS 180-2 gives it", async () => {
    expect(toHex(await sha256("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("writes base64 with padding and base64url without, as RFC 4648 section 10 and 5 do", () => {
    expect(toBase64(utf8("foob"))).toBe("Zm9vYg==");
    expect(toBase64(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe("+/+/");
    expect(toBase64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe("-_-_");
    expect(toBase64Url(utf8("foob"))).toBe("Zm9vYg");
  });

  it("reads back what it wrote and refuses what is not base64", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(33));
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    expect(() => fromBase64("not base64!")).toThrow();
  });

  it("counts UTF-8 bytes, not characters", () => {
    expect(utf8Length("abc")).toBe(3);
    expect(utf8Length("عطر")).toBe(6);
    expect(utf8Length("💄")).toBe(4);
  });

  it("counts what TextEncoder writes, three-byte characters and lone surrogates too", () => {
    const texts = ["", "é", "€", "a\u07ff\u0800\uffff", "💄x💄", "\ud83d", "\udc84a", "\ud83d\ud83d\udc84", "x\ud83d"];
    for (const text of texts)
      expect(utf8Length(text), JSON.stringify(text)).toBe(new TextEncoder().encode(text).length);
  });
});

describe("signatures and secrets compare in constant time", () => {
  it("accepts any presented signature that matches and refuses the rest", async () => {
    const good = toHex(await hmacSha256("secret", "message"));
    expect(await verifyHmacSha256Hex("secret", "message", ["00", good])).toBe(true);
    expect(await verifyHmacSha256Hex("secret", "message", [good.replace(/.$/, "0")])).toBe(false);
    expect(await verifyHmacSha256Hex("other", "message", [good])).toBe(false);
    expect(await verifyHmacSha256Hex("secret", "message", [])).toBe(false);
  });

  it("tells equal from unequal strings and byte arrays, and different lengths apart without comparing", () => {
    const spy = vi.spyOn(crypto.subtle, "timingSafeEqual");
    expect(timingSafeEqual("same", "same")).toBe(true);
    expect(timingSafeEqual(utf8("same"), utf8("sane"))).toBe(false);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(timingSafeEqual("short", "longer")).toBe(false);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("checks the CMS webhook's secret with workerd's timingSafeEqual", async () => {
    const spy = vi.spyOn(crypto.subtle, "timingSafeEqual");
    const wrong = "x".repeat(env.CMS_WEBHOOK_SECRET.length);
    const res = await appRequest(
      "/api/cms/webhook",
      {
        method: "POST",
        body: JSON.stringify({ event: "entry.update", model: "menu" }),
        headers: { authorization: `Bearer ${wrong}`, "content-type": "application/json" },
      },
      env,
    );
    expect(res.status).toBe(401);
    expect(spy).toHaveBeenCalledOnce();
  });

  it("checks a Stripe signature with workerd's timingSafeEqual", async () => {
    const spy = vi.spyOn(crypto.subtle, "timingSafeEqual");
    const t = Math.floor(Date.now() / 1000);
    const res = await appRequest(
      "/api/payments/webhook",
      {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json", "stripe-signature": `t=${t},v1=${"0".repeat(64)}` },
      },
      { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_constant_time" },
    );
    expect(res.status).toBe(400);
    expect(spy).toHaveBeenCalledOnce();
  });
});
