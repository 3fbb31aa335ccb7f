import { env } from "cloudflare:test";
import type { Context } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { shopBindings } from "../../worker/index";
import type { AppEnv } from "../../worker/platform/app-env";
import { authClient, CmsAuthError } from "../../worker/platform/session/auth-client";

/** The client pointed at a real Strapi (CMS_URL set), with the network answered by a stub. */
function remoteContext(): Context<AppEnv> {
  const request = new Request("https://shop.example/user/login", { headers: { "cf-connecting-ip": "203.0.113.9" } });
  return {
    env: shopBindings({ ...env, CMS_URL: "https://cms.example/" }),
    req: { url: request.url, raw: request },
    get: (key: string) => (key === "locale" ? "ar" : undefined),
  } as unknown as Context<AppEnv>;
}

const calls: Request[] = [];
function answer(response: () => Response | Promise<Response>) {
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    return response();
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe("the auth client against a real Strapi (CMS_URL set)", () => {
  it("calls CMS_URL + /api/... and sends the Bearer token only on personal calls", async () => {
    answer(() => Response.json({ id: 3, username: "ann", email: "ann@example.com" }));
    const client = authClient(remoteContext());
    await client.me("the-token");
    expect(calls[0]!.url).toBe("https://cms.example/api/users/me");
    expect(calls[0]!.headers.get("authorization")).toBe("Bearer the-token");
    await client.login("ann", "secret-1");
    expect(calls[1]!.url).toBe("https://cms.example/api/auth/local");
    expect(calls[1]!.method).toBe("POST");
    expect(calls[1]!.headers.get("authorization")).toBeNull();
    expect(await calls[1]!.json()).toEqual({ identifier: "ann", password: "secret-1" });
    expect(calls[1]!.headers.get("x-forwarded-for")).toBe("203.0.113.9");
    // The page's language, for the e-mails a call sends (the embedded CMS writes them in it).
    expect(calls[1]!.headers.get("accept-language")).toBe("ar");
  });

  it("passes the server's error body on", async () => {
    const body = {
      data: null,
      error: { status: 400, name: "ValidationError", message: "Invalid identifier or password", details: {} },
    };
    answer(() => Response.json(body, { status: 400 }));
    const error = await authClient(remoteContext())
      .login("ann", "nope")
      .catch((e) => e);
    expect(error).toBeInstanceOf(CmsAuthError);
    expect(error.payload).toEqual(body);
    expect(error.status).toBe(400);
  });

  it("makes an UnknownError with status 500 and the original message when there is no error body", async () => {
    answer(() => new Response("upstream timed out", { status: 504 }));
    const bodyless = await authClient(remoteContext())
      .me("t")
      .catch((e) => e);
    expect(bodyless.payload).toEqual({
      data: null,
      error: { status: 500, name: "UnknownError", message: "upstream timed out", details: {} },
    });
    vi.unstubAllGlobals();
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Network connection lost.");
    });
    const network = await authClient(remoteContext())
      .me("t")
      .catch((e) => e);
    expect(network.payload.error).toMatchObject({
      status: 500,
      name: "UnknownError",
      message: "Network connection lost.",
    });
  });

  it("starts provider sign-in at the CMS's /api/connect/{provider}", () => {
    expect(authClient(remoteContext()).providerStartUrl("google")).toBe("https://cms.example/api/connect/google");
  });
});
