import { createExecutionContext, env } from "cloudflare:test";
import { Hono } from "hono";
import { Suspense, use } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleAppError } from "../../worker/frame/document/handle-error";
import { renderPage } from "../../worker/frame/document/render-page";
import type { AppEnv } from "../../worker/platform/app-env";
import { securityHeaders } from "../../worker/platform/middleware/security-headers";

/** A small app with the real middleware, renderer and error handler, plus routes made for the test. */
function appWith(routes: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders);
  app.use(async (c, next) => {
    c.set("locale", "en");
    await next();
  });
  routes(app);
  app.onError(handleAppError);
  return app;
}

function Late({ value }: { value: Promise<string> }) {
  return <p id="late">{use(value)}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe("streaming render", () => {
  it("sends the head and the shell before a slow loader resolves", async () => {
    let resolveLate!: (value: string) => void;
    const late = new Promise<string>((resolve) => {
      resolveLate = resolve;
    });
    const app = appWith((a) =>
      a.get("/slow", (c) =>
        renderPage(c, {
          title: "Slow page",
          stream: true,
          body: (
            <Suspense fallback={<p id="waiting">Loading…</p>}>
              <Late value={late} />
            </Suspense>
          ),
        }),
      ),
    );
    const res = await app.request("/slow", {}, env, createExecutionContext());
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let early = "";
    while (!early.includes('id="waiting"')) {
      const { value, done } = await reader.read();
      if (done) break;
      early += decoder.decode(value, { stream: true });
    }
    expect(early).toContain("<title>Slow page");
    expect(early).toContain('class="site-header"');
    expect(early).not.toContain("Arrived late");

    resolveLate("Arrived late");
    let rest = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    expect(rest).toContain("Arrived late");
    expect(early + rest).toContain('class="site-footer"');
  });

  it("gives the nonce to React's inline scripts", async () => {
    const app = appWith((a) =>
      a.get("/slow", (c) =>
        renderPage(c, {
          title: "Slow",
          stream: true,
          body: (
            <Suspense fallback={<p>…</p>}>
              <Late value={new Promise((r) => setTimeout(() => r("done"), 5))} />
            </Suspense>
          ),
        }),
      ),
    );
    const res = await app.request("/slow", {}, env, createExecutionContext());
    const nonce = res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it("renders pages without slow parts to a complete document", async () => {
    const app = appWith((a) => a.get("/plain", (c) => renderPage(c, { title: "Plain", body: <p>Ready</p> })));
    const res = await app.request("/plain", {}, env, createExecutionContext());
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="en"')).toBe(true);
    expect(html).toContain("<p>Ready</p>");
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });
});

describe("unhandled errors", () => {
  it("answers 500 with the error screen, logs it, and leaks nothing from inside", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = appWith((a) =>
      a.get("/broken", () => {
        throw new Error("D1_ERROR: no such table: secret_internal_table at line 42");
      }),
    );
    const res = await app.request("/broken", {}, env, createExecutionContext());
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Oops! Something went wrong");
    expect(html).toContain("The page you requested can&#x27;t be reached right now.");
    // A way on: the page again, and home.
    expect(html).toMatch(/<a class="button" href="\/broken">Try again<\/a>/);
    expect(html).toMatch(/<a class="button button--outlined" href="\/">Go Back Home<\/a>/);
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).toContain('class="illustration"');
    expect(html).not.toContain("secret_internal_table");
    expect(html).not.toContain("D1_ERROR");
    expect(html).not.toMatch(/at line|\.ts:\d+/);
    // Logged once, as one JSON line with the error's words (shared/log/log-line.ts).
    const lines = log.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
    expect(lines.filter((line) => line.message === "Error in app")).toHaveLength(1);
    expect(lines.find((line) => line.message === "Error in app")).toMatchObject({
      level: "error",
      message: "Error in app",
      error: "Error: D1_ERROR: no such table: secret_internal_table at line 42",
    });
  });

  it("keeps the status and message of an expected client error", async () => {
    const { HTTPException } = await import("hono/http-exception");
    const app = appWith((a) =>
      a.get("/bad", () => {
        throw new HTTPException(400, { message: "Quantity must be between 1 and 99" });
      }),
    );
    const res = await app.request("/bad", {}, env, createExecutionContext());
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("Quantity must be between 1 and 99");
  });
});
