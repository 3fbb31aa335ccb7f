import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, describe, expect, inject, it } from "vitest";

/**
 * Decision 0013: a request the shop refuses before reading its body must not cost
 * the client its keep-alive connection. Node-side against the built worker in workerd
 * (the workerd-pool tests never see a real connection): one Agent with one socket, a
 * refused request, then an ordinary one that must be answered on the same socket.
 */
const base = new URL(inject("shopUrl"));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

interface Answer {
  status: number;
  body: string;
  socket: Socket;
}

function send(method: string, path: string, headers: Record<string, string>, body = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, socket: request.socket! }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const JSON_TYPE = { "content-type": "application/json", accept: "application/json" };

describe("early answers keep the connection usable", () => {
  it("answers the next request on the same socket after a 403 for a signed-in caller on /api/auth/local", async () => {
    // The reported case: a valid Bearer token on a Public-only route is refused before the body is read.
    const tag = `keepalive${Date.now().toString(36)}`;
    const registered = await send(
      "POST",
      "/api/auth/local/register",
      JSON_TYPE,
      JSON.stringify({ username: tag, email: `${tag}@example.com`, password: "Rosewater-2024" }),
    );
    expect(registered.status).toBe(200);
    const { jwt } = JSON.parse(registered.body) as { jwt: string };
    const first = await send(
      "POST",
      "/api/auth/local",
      { ...JSON_TYPE, authorization: `Bearer ${jwt}` },
      JSON.stringify({ identifier: `${tag}@example.com`, password: "Rosewater-2024" }),
    );
    expect(first.status).toBe(403);
    const next = await send(
      "POST",
      "/api/auth/forgot-password",
      JSON_TYPE,
      JSON.stringify({ email: `${tag}@example.com` }),
    );
    expect(next.status).toBe(200);
    expect(next.socket).toBe(first.socket);
  });

  it.each([
    {
      what: "a 401 for a bad token on the auth API",
      refused: () =>
        send(
          "POST",
          "/api/auth/local",
          { ...JSON_TYPE, authorization: "Bearer not-a-token" },
          JSON.stringify({ identifier: "someone@example.com", password: "x".repeat(2000) }),
        ),
      status: 401,
    },
    {
      what: "a 413 for a form past its limit",
      refused: () =>
        send(
          "POST",
          "/cart/add",
          { "content-type": "application/x-www-form-urlencoded", origin: base.origin },
          `slug=x&pad=${"a".repeat(40_000)}`,
        ),
      status: 413,
    },
    {
      what: "a cross-site refusal",
      refused: () =>
        send(
          "POST",
          "/cart/add",
          {
            "content-type": "application/x-www-form-urlencoded",
            origin: "https://evil.example",
            "sec-fetch-site": "cross-site",
          },
          `slug=x&pad=${"a".repeat(8_000)}`,
        ),
      status: 403,
    },
  ])("answers the next request on the same socket after $what", async ({ refused, status }) => {
    const first = await refused();
    expect(first.status).toBe(status);
    const next = await send("POST", "/api/auth/forgot-password", JSON_TYPE, JSON.stringify({ email: "a@example.com" }));
    expect(next.status).toBe(200);
    expect(next.socket).toBe(first.socket);
  });
});
