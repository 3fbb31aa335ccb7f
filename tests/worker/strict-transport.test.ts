import { describe, expect, it } from "vitest";
import { strictTransportValue } from "../../worker/platform/middleware/strict-transport";
import { fetchWorker } from "./fetch";

const HSTS = "Strict-Transport-Security";

describe("Strict-Transport-Security", () => {
  it("is on every answer over HTTPS, for a year, this host only by default: pages, redirects, 404s and actions", async () => {
    const answers = await Promise.all([
      fetchWorker("/"),
      fetchWorker("/catalog/skincare"),
      fetchWorker("https://www.shop.example/catalog"),
      fetchWorker("/catalog/"),
      fetchWorker("/no-such-page"),
      fetchWorker("/robots.txt"),
      fetchWorker("/cart/add", { method: "POST", headers: { Origin: "https://elsewhere.example" } }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 301, 301, 404, 200, 403]);
    for (const res of answers) expect(res.headers.get(HSTS)).toBe("max-age=31536000");
  });

  it("is never sent over plain HTTP (local development)", async () => {
    const answers = await Promise.all([
      fetchWorker("http://localhost:8787/"),
      fetchWorker("http://localhost:8787/catalog/"),
      fetchWorker("http://127.0.0.1:8787/no-such-page"),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 301, 404]);
    for (const res of answers) expect(res.headers.get(HSTS)).toBeNull();
  });

  it("covers subdomains or asks for preloading only when HSTS_SCOPE says so", () => {
    expect(strictTransportValue("host")).toBe("max-age=31536000");
    expect(strictTransportValue(undefined)).toBe("max-age=31536000");
    expect(strictTransportValue("yes please")).toBe("max-age=31536000");
    expect(strictTransportValue("subdomains")).toBe("max-age=31536000; includeSubDomains");
    expect(strictTransportValue("preload")).toBe("max-age=31536000; includeSubDomains; preload");
  });
});
