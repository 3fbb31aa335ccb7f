import net from "node:net";
import { describe, expect, inject, it } from "vitest";

/**
 * Decision 0013 over a real connection: the request line is sent byte for byte (a browser
 * or fetch would normalise `\` and `//` before the shop saw them), and the Location the
 * trailing-slash redirect answers must stay on the site.
 */
const base = new URL(inject("shopUrl"));

function rawGet(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(base.port), base.hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${base.host}\r\nConnection: close\r\n\r\n`);
    });
    let head = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      head += chunk;
      // The status line and headers are all this needs.
      if (head.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(head);
      }
    });
    socket.on("end", () => resolve(head));
    socket.on("error", reject);
  });
}

describe("redirects stay on the site for raw request paths", () => {
  it.each(["//evil.example/", "/\\evil.example/", "/%5Cevil.example/", "///evil.example/"])(
    "GET %s never answers a Location on another host",
    async (path) => {
      const answer = await rawGet(path);
      const location = answer.match(/^location: (.*)$/im)?.[1]?.trim();
      if (location) {
        expect(location).not.toMatch(/^[/\\]{2}/);
        expect(new URL(location, base).host).toBe(base.host);
      } else {
        expect(answer).toMatch(/^HTTP\/1\.1 [2-4]\d\d/);
      }
    },
  );
});
