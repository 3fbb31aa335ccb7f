import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { AppEnv } from "../../worker/platform/app-env";
import { backgroundTask } from "../../worker/platform/errors/background-task";
import { withErrorReports } from "../../worker/platform/errors/with-error-reports";
import { requestLine } from "../../worker/platform/log/request-line";
import { reads } from "../../worker/platform/routing/route-spec";
import { customer } from "./support/shop-fixtures";

/*
 * Error reports (decision 0115): a fake Sentry at sentry.test receives what the SDK sends (its
 * envelopes go out with the worker's fetch), so each test reads exactly what would leave the shop.
 */
const DSN = "https://public@sentry.test/1";
const VERSION = { id: "6f1c2a9e-0d4b-4c8e-9a51-3b7d2e8f1a20", tag: "", timestamp: "2026-12-01T10:00:00.000Z" };
const shopper = `${customer.firstName} ${customer.lastName}`;
/** The failure's own words carry the shopper's e-mail and phone, as a careless error message might. */
const careless = `D1_ERROR: lost while writing for ${customer.email} ${customer.phone}`;

/** A request as the edge hands it to the worker. */
function incoming(request: Request): Request<unknown, IncomingRequestCfProperties> {
  return request as Request<unknown, IncomingRequestCfProperties>;
}

interface Sent {
  url: string;
  body: string;
}

/** Answers every request to sentry.test as Sentry would and keeps it; any other fetch goes on as it was. */
function fakeSentry(): Sent[] {
  const sent: Sent[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname !== "sentry.test") return real(input, init);
    const bytes = new Uint8Array(await request.arrayBuffer());
    sent.push({ url: request.url, body: new TextDecoder().decode(bytes) });
    return new Response(JSON.stringify({ id: "0" }), { status: 200 });
  });
  return sent;
}

/** The events in what was sent: each envelope is lines of JSON, an item's header then its payload. */
function events(sent: Sent[]): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const { body } of sent) {
    const lines = body.split("\n").filter(Boolean);
    for (let i = 1; i < lines.length - 1; i++) {
      if ((JSON.parse(lines[i]!) as { type?: string }).type === "event") found.push(JSON.parse(lines[i + 1]!));
    }
  }
  return found;
}

function expectNothingPersonal(sent: Sent[]): void {
  const everything = sent.map((s) => s.body).join("\n");
  for (const personal of [
    customer.email,
    customer.phone,
    "0501234567",
    customer.firstName,
    customer.lastName,
    shopper,
  ]) {
    expect(everything).not.toContain(personal);
  }
}

/**
 * The shop's D1, failing every statement whose SQL contains `failing` with the careless words. An
 * object of its own: the SDK instruments the D1 binding it is given by setting its methods.
 */
function failingDatabase(failing: string): D1Database {
  const db = env.DB;
  const broken = {
    prepare(sql: string): D1PreparedStatement {
      if (sql.includes(failing)) throw new Error(careless);
      return db.prepare(sql);
    },
    batch: (statements: D1PreparedStatement[]) => db.batch(statements),
    exec: (sql: string) => db.exec(sql),
    withSession: () => ({ ...broken, getBookmark: () => null }),
  };
  return broken as unknown as D1Database;
}

async function settle(ctx: ExecutionContext): Promise<void> {
  await waitOnExecutionContext(ctx);
  // The SDK sends from its own waitUntil after the handler's work settled.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

afterEach(() => vi.restoreAllMocks());

describe("error reports with SENTRY_DSN set", () => {
  it("reports an error in a route once, with the release and the route's name, and nothing personal", async () => {
    const sent = fakeSentry();
    const ctx = createExecutionContext();
    const body = new URLSearchParams({
      slug: "x",
      quantity: "1",
      name: shopper,
      email: customer.email,
      phone: customer.phone,
    });
    const request = new Request(`https://shop.example/cart/add?email=${encodeURIComponent(customer.email)}`, {
      method: "POST",
      headers: {
        origin: "https://shop.example",
        "content-type": "application/x-www-form-urlencoded",
        cookie: `name=${encodeURIComponent(shopper)}; phone=${customer.phone}`,
        "x-shopper": `${shopper} <${customer.email}>`,
      },
      body,
    });
    const res = await worker.fetch(
      incoming(request),
      { ...env, SENTRY_DSN: DSN, CF_VERSION_METADATA: VERSION, DB: failingDatabase("") },
      ctx,
    );
    expect(res.status).toBe(500);
    await res.arrayBuffer();
    await settle(ctx);
    const [event, ...more] = events(sent);
    expect(more.map((e) => [e.tags, e.exception])).toEqual([]);
    expect(sent[0]!.url).toMatch(/^https:\/\/sentry\.test\/api\/1\/envelope\//);
    expect(event).toMatchObject({ release: VERSION.id, tags: { route: "POST /cart/add" } });
    expect(JSON.stringify(event)).toContain("D1_ERROR: lost while writing for [scrubbed] [scrubbed]");
    expectNothingPersonal(sent);
  });

  it("reports a background task that failed after the answer, with the route", async () => {
    const app = new Hono<AppEnv>();
    app.use(requestLine(() => undefined));
    app.get("/late-work", reads({ session: "none", personal: true }), (c) => {
      // Fails once the answer has gone, as a cache write or a stock update would.
      const late = new Promise((_, reject) => setTimeout(() => reject(new Error(careless)), 10));
      backgroundTask(c, late);
      return c.text("done");
    });
    const handler = withErrorReports({ fetch: app.fetch, scheduled: async () => {} });
    const sent = fakeSentry();
    const ctx = createExecutionContext();
    const res = await handler.fetch(
      incoming(new Request("https://shop.example/late-work")),
      { ...env, SENTRY_DSN: DSN, CF_VERSION_METADATA: VERSION },
      ctx,
    );
    expect(await res.text()).toBe("done");
    await settle(ctx);
    const found = events(sent);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ release: VERSION.id, tags: { route: "GET /late-work" } });
    expectNothingPersonal(sent);
  });

  it("reports a failed cron step once, tagged with the step, while the other steps run", async () => {
    await env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'pending'").run();
    const sent = fakeSentry();
    const ctx = createExecutionContext();
    const cronEnv = { ...env, SENTRY_DSN: DSN, CF_VERSION_METADATA: VERSION, DB: failingDatabase("awaiting_payment") };
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry() {} }, cronEnv, ctx);
    await settle(ctx);
    const found = events(sent);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ release: VERSION.id, tags: { route: "cron", step: "card-holds" } });
    expectNothingPersonal(sent);
  });

  it("reports each e-mail that could not be delivered, by what it is about, never to whom", async () => {
    await env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'pending'").run();
    await env.DB.prepare(
      "INSERT INTO outbox (recipient, subject, body_text, kind) VALUES (?1, ?2, ?3, 'order-confirmation')",
    )
      .bind(customer.email, `Thank you, ${shopper}`, `Dear ${shopper}, we will call ${customer.phone}.`)
      .run();
    const sent = fakeSentry();
    const ctx = createExecutionContext();
    const cronEnv = { ...env, SENTRY_DSN: DSN, CF_VERSION_METADATA: VERSION, MAIL_API_KEY: "", MAIL_PRINT: "false" };
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry() {} }, cronEnv, ctx);
    await settle(ctx);
    const found = events(sent);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ release: VERSION.id, tags: { route: "cron", kind: "order-confirmation" } });
    expect(JSON.stringify(found[0])).toContain("MAIL_API_KEY is not set");
    expectNothingPersonal(sent);
  });
});

describe("error reports without SENTRY_DSN", () => {
  it("sends nothing and answers as before", async () => {
    const sent = fakeSentry();
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      incoming(
        new Request("https://shop.example/cart/add", {
          method: "POST",
          headers: { origin: "https://shop.example", "content-type": "application/x-www-form-urlencoded" },
          body: "slug=x&quantity=1",
        }),
      ),
      { ...env, DB: failingDatabase("") },
      ctx,
    );
    expect(res.status).toBe(500);
    await res.arrayBuffer();
    await worker.scheduled(
      { cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry() {} },
      { ...env, DB: failingDatabase("awaiting_payment") },
      ctx,
    );
    await settle(ctx);
    expect(sent).toEqual([]);
  });
});
