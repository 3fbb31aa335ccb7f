import { exports } from "cloudflare:workers";

// The pool exposes the main module's default export; its generated type is not in scope here.
const worker = (exports as unknown as { default: { fetch(request: Request): Promise<Response> } }).default;

/** Sends a request to the worker under test, as the edge would. */
export function fetchWorker(path: string, init?: RequestInit): Promise<Response> {
  const url = path.startsWith("http") ? path : `https://shop.example${path}`;
  return worker.fetch(new Request(url, { redirect: "manual", ...init }));
}
