import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { assertSecrets, requireSecret } from "../../shared/secrets";
import { appRequest } from "./support/app-request";

describe("secrets of at least 32 bytes (issue 13, item 9)", () => {
  it("names every secret that is missing or shorter than 32 bytes", () => {
    const weak = { ...env, JWT_SECRET: "short", COOKIE_SECRET: "" } as Env;
    expect(() => assertSecrets(weak)).toThrow(
      /JWT_SECRET is 5 bytes, shorter than 32; COOKIE_SECRET is missing\. Set each with `wrangler secret put NAME`/,
    );
    expect(() => requireSecret(weak, "JWT_SECRET")).toThrow(/wrangler secret put JWT_SECRET/);
    expect(() => assertSecrets(env)).not.toThrow();
  });

  it("refuses to serve with a short secret instead of signing with it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await appRequest("/", {}, { ...env, COOKIE_SECRET: "0123456789abcdef0123456789abcde" });
    expect(res.status).toBe(500);
    // One JSON line (shared/log/log-line.ts), the error in its words.
    expect(JSON.parse(String(logged.mock.calls[0]?.[0])).error).toContain("COOKIE_SECRET is 31 bytes, shorter than 32");
    logged.mockRestore();
  });
});
