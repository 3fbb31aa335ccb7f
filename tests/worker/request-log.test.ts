import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logRecord, scrub } from "../../shared/log/log-line";
import { handleAppError } from "../../worker/frame/document/handle-error";
import { fateWord } from "../../worker/frame/shells/fate-word";
import { app } from "../../worker/index";
import type { AppEnv } from "../../worker/platform/app-env";
import { requestLine } from "../../worker/platform/log/request-line";
import { deliverOutbox } from "../../worker/platform/mail/deliver-outbox";
import { securityHeaders } from "../../worker/platform/middleware/security-headers";
import { fetchWorker } from "./fetch";
import { uniqueShopper } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";

/** Every line the worker writes in `work`, whichever stream, as written. */
async function captured(work: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...data: unknown[]) => void lines.push(data.map(String).join(" "));
  for (const stream of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, stream).mockImplementation(keep);
  }
  await work();
  // What the last requests left running (kept pages, cache writes) has written its lines too.
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.restoreAllMocks();
  return lines;
}

function parsed(lines: string[]): Record<string, unknown>[] {
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => vi.restoreAllMocks());

describe("the request line", () => {
  it("writes one JSON line per request: id from cf-ray, the route's name, status, duration, location, locale, fate", async () => {
    const ray = "8f1a2b3c4d5e6f70-DXB";
    const ask = async () => {
      const ctx = createExecutionContext();
      const request = new Request("https://shop.example/company", { headers: { "cf-ray": ray } });
      const res = await app.request(request, {}, env, ctx);
      await res.arrayBuffer();
      await waitOnExecutionContext(ctx);
    };
    await ask();
    const lines = parsed(await captured(ask));
    const answered = lines.filter((line) => line.message === "Request answered");
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({
      level: "info",
      requestId: ray,
      route: "company___en",
      status: 200,
      locale: "en",
      fate: "kept",
    });
    expect(typeof answered[0]!.durationMs).toBe("number");
  });

  it("names an action by its row, says a page was drawn, and reads the location from request.cf", async () => {
    const lines = parsed(
      await captured(async () => {
        const res = await fetchWorker("/ar/cart", { cf: { colo: "DXB" } } as RequestInit);
        await res.arrayBuffer();
        const add = await fetchWorker("/cart/add", {
          method: "POST",
          headers: { origin: "https://shop.example", "content-type": "application/x-www-form-urlencoded" },
          body: "slug=nothing-by-this-name&quantity=1",
        });
        await add.arrayBuffer();
      }),
    );
    const answered = lines.filter((line) => line.message === "Request answered");
    expect(answered.map((line) => line.route)).toEqual(["cart___en", "POST /cart/add"]);
    expect(answered[0]).toMatchObject({ locale: "ar", fate: "rendered", colo: "DXB", status: 200 });
    expect(answered[1]!.fate).toBeUndefined();
    // Without a cf-ray, each request gets an id of its own.
    expect(answered[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answered[1]!.requestId).not.toBe(answered[0]!.requestId);
  });

  it("never takes a cf-ray that is not one as the id (it could carry anything)", async () => {
    const lines = parsed(
      await captured(async () => {
        await (await fetchWorker("/company", { headers: { "cf-ray": "someone@example.com" } })).arrayBuffer();
      }),
    );
    const line = lines.find((l) => l.message === "Request answered")!;
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("writes an error line inside the request's scope, with the request's id, scrubbed", async () => {
    const ray = "0123456789abcdef-LHR";
    const broken = new Hono<AppEnv>();
    broken.use(requestLine(fateWord));
    broken.use(securityHeaders);
    broken.get("/broken", () => {
      throw new Error("D1_ERROR: no row for layla@example.org, phone +971 50 111 2233");
    });
    broken.onError(handleAppError);
    const lines = parsed(
      await captured(async () => {
        const res = await broken.request("/broken", { headers: { "cf-ray": ray } }, env, createExecutionContext());
        expect(res.status).toBe(500);
      }),
    );
    const error = lines.find((line) => line.message === "Error in app")!;
    expect(error).toMatchObject({ level: "error", requestId: ray });
    expect(String(error.error)).toContain("D1_ERROR: no row for [scrubbed]");
    expect(JSON.stringify(lines)).not.toMatch(/layla|111 2233/);
    expect(lines.find((line) => line.message === "Request answered")).toMatchObject({ level: "error", status: 500 });
  });
});

describe("no personal data in the log", () => {
  it("scrubs e-mail addresses, phone numbers and tokens from the strings a line carries", () => {
    expect(scrub("to a.b+c@mail.example.ae now")).toBe("to [scrubbed] now");
    expect(scrub("call 050 123 4567 or +971-4-555-0101")).toBe("call [scrubbed] or [scrubbed]");
    expect(scrub("Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl")).toBe("Bearer [scrubbed]");
    expect(logRecord("warn", "x", { reason: "rule for /u/amal@example.com", count: 3 })).toEqual({
      level: "warn",
      message: "x",
      reason: "rule for /u/[scrubbed]",
      count: 3,
    });
  });

  it("a whole journey (sign up, add to bag, a guest's order, its e-mails) writes no e-mail, phone or name of its own", async () => {
    const shopper = uniqueShopper("journey");
    const guest = {
      ...customer,
      firstName: "Zubaida",
      lastName: "Khoury",
      email: `guest.${shopper.username}@example.net`,
      phone: "050 987 6543",
      address: "Villa 77, Jumeirah Street",
    };
    const lines = await captured(async () => {
      const member = new Browser();
      expect(
        (await member.post("/user/signup", { ...shopper, redirect: "/user" }, { from: "/user/signup" })).status,
      ).toBe(303);
      await member.get("/user");
      const buyer = new Browser();
      await buyer.get("/catalog/skincare");
      const [slug] = await productSlugs("in_stock", 1);
      expect((await buyer.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
      const order = await buyer.post("/cart/order", { idempotencyKey: crypto.randomUUID(), ...guest }, { from: null });
      expect(order.status).toBe(303);
      await buyer.get(order.headers.get("location")!);
      // The e-mails go out (the API refuses them, naming the address, as some do): its words are logged scrubbed.
      const fetcher = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
        const body = input instanceof Request ? await input.text() : "";
        return new Response(`invalid recipient ${guest.email} ${body.length}`, { status: 422 });
      });
      await deliverOutbox({ ...env, MAIL_API_KEY: "mail-key", MAIL_API_URL: "https://mail.test/emails" });
      fetcher.mockRestore();
    });
    expect(lines.length).toBeGreaterThan(5);
    const records = parsed(lines);
    for (const record of records) {
      expect(typeof record.level).toBe("string");
      expect(typeof record.message).toBe("string");
    }
    expect(records.some((r) => r.message === "Mail delivery failed")).toBe(true);
    const log = lines.join("\n").toLowerCase();
    for (const own of [
      shopper.email,
      shopper.username,
      guest.email,
      guest.firstName,
      guest.lastName,
      "987 6543",
      "0509876543",
      guest.address,
    ]) {
      expect(log, own).not.toContain(own.toLowerCase());
    }
  });
});
