import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_PUBLIC_ORIGIN } from "../../worker/platform/mail/public-origin-check";
import { appRequest } from "./support/app-request";

/**
 * With PUBLIC_ORIGIN empty, e-mails' links follow the request's host. Where e-mails really go out
 * (MAIL_API_KEY set), the shop says so once per isolate, on its first request (decision 0102).
 */
afterEach(() => {
  vi.restoreAllMocks();
});

function said(spy: { mock: { calls: unknown[][] } }): number {
  return spy.mock.calls.filter((call) => call[0] === NO_PUBLIC_ORIGIN).length;
}

describe("an empty PUBLIC_ORIGIN", () => {
  it("is said once, loudly, where e-mails are delivered, and not where they are printed or the origin is set", async () => {
    const errors = vi.spyOn(console, "error");
    const get = (bindings: Partial<Env>) =>
      appRequest("https://shop.example/robots.txt", {}, { ...env, ...bindings } as Env).then((res) => res.text());
    await get({ PUBLIC_ORIGIN: "", MAIL_API_KEY: "" });
    await get({ PUBLIC_ORIGIN: "https://noorbeauty.ae", MAIL_API_KEY: "re_live_key" });
    expect(said(errors)).toBe(0);
    await get({ PUBLIC_ORIGIN: "", MAIL_API_KEY: "re_live_key" });
    expect(said(errors)).toBe(1);
    await get({ PUBLIC_ORIGIN: " ", MAIL_API_KEY: "re_live_key" });
    expect(said(errors)).toBe(1);
  });
});
