import { exports } from "cloudflare:workers";

/** Sends a request to the worker under test, as the edge would. */
export function fetchWorker(path: string, init?: RequestInit): Promise<Response> {
  const url = path.startsWith("http") ? path : `https://shop.example${path}`;
  return exports.default.fetch(new Request(url, { redirect: "manual", ...init }));
}
