import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";
import { sendWith } from "./support/app-request";
import { typeRule } from "./support/typed-rule";

describe("redirect rules", () => {
  it("sends an internal rule's path to its target with the configured permanent status, keeping the query", async () => {
    await typeRule("/old-serums", "/catalog/serums");
    const res = await fetchWorker("/old-serums?page=2");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/catalog/serums?page=2");
  });

  it("answers 302 for a temporary rule", async () => {
    await typeRule("/ramadan", "/catalog/gift-sets", 302);
    const res = await fetchWorker("/ramadan");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/catalog/gift-sets");
  });

  it("resolves after the trailing slash is removed", async () => {
    await typeRule("/summer-sale", "/catalog");
    const first = await fetchWorker("/summer-sale/");
    expect(first.status).toBe(301);
    expect(first.headers.get("location")).toBe("/summer-sale");
    const second = await fetchWorker("/summer-sale");
    expect(second.headers.get("location")).toBe("/catalog");
  });

  it("follows a chain of internal rules in one hop, temporary if any rule is", async () => {
    await typeRule("/a-1", "/a-2");
    await typeRule("/a-2", "/a-3", 302);
    const res = await fetchWorker("/a-1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/a-3");
  });

  it("sends the shopper to an external target whose host is on the allow-list", async () => {
    await typeRule("/partner-offer", "https://partner.example/offer?ref=noor");
    const res = await fetchWorker("/partner-offer");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("https://partner.example/offer?ref=noor");
  });

  it("ignores an external target whose host is not allowed and routes the path as usual", async () => {
    await typeRule("/company", "https://evil.example/phish");
    const res = await fetchWorker("/company");
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
  });

  it("refuses a scheme other than http(s), even on an allowed-looking target", async () => {
    await typeRule("/delivery", "javascript:alert(1)");
    const res = await fetchWorker("/delivery");
    expect(res.status).toBe(200);
  });

  it("refuses a rule that points at itself", async () => {
    await typeRule("/payment", "/payment");
    const res = await fetchWorker("/payment");
    expect(res.status).toBe(200);
  });

  it("refuses a chain that comes back to where it started", async () => {
    await typeRule("/loop-1", "/loop-2");
    await typeRule("/loop-2", "/loop-3");
    await typeRule("/loop-3", "/loop-1");
    const res = await fetchWorker("/loop-1");
    expect(res.status).toBe(404);
    expect(res.headers.get("location")).toBeNull();
  });

  it("leaves form posts alone", async () => {
    await typeRule("/posted", "/elsewhere");
    const res = await fetchWorker("/posted", { method: "POST" });
    expect(res.headers.get("location")).toBeNull();
  });

  it("rejects a status other than 301 or 302 in the table itself", async () => {
    await expect(
      env.DB.prepare("INSERT INTO redirect_rules (from_path, to_target, status) VALUES ('/x', '/y', 307)").run(),
    ).rejects.toThrow();
  });
});

describe("the rules' copy in an isolate", () => {
  it("is used at once, checked along with the request's own reads, and forgotten once a rule is saved elsewhere", async () => {
    // The production interval: within it the isolate's copy answers without a read of its own.
    const send = sendWith({ ...env, REDIRECT_CACHE_SECONDS: "60" } as Env);
    const get = (path: string) => send(path, {});
    const path = `/saved-elsewhere-${crypto.randomUUID().slice(0, 8)}`;
    // The first request may find its copy older than the version the tests before moved: the second holds a current one.
    await get("/catalog/skincare");
    await get("/catalog/skincare");
    // A rule saved elsewhere: the table and the rules' version move, this copy does not know yet.
    await typeRule(path, "/blog");
    // The request still routed by the old copy reads the version along and forgets the copy.
    expect((await get(path)).status).not.toBe(301);
    const next = await get(path);
    expect(next.status).toBe(301);
    expect(next.headers.get("location")).toBe("/blog");
  });
});
