import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { app } from "../../../worker/index";
import type { Send } from "./browser-session";

/**
 * The shop's app with bindings of the test's choosing (a secret missing, a card provider
 * configured), given an execution context as workerd gives every request: work the app
 * keeps alive after answering (cache writes) has somewhere to go.
 */
export function appRequest(
  input: string,
  init: RequestInit = {},
  bindings: Env = env,
  ctx: ExecutionContext = createExecutionContext(),
): Promise<Response> {
  return Promise.resolve(app.request(input, init, bindings, ctx));
}

/**
 * A Browser's way to the app with these bindings: the answer read whole, and what the request left
 * running (kept pages, cache writes) settled before the next request, so each is seen, and counted, alone.
 */
export function sendWith(bindings: Env): Send {
  return async (path, init) => {
    const ctx = createExecutionContext();
    const url = path.startsWith("http") ? path : `https://shop.example${path}`;
    const res = await app.request(url, { redirect: "manual", ...init }, bindings, ctx);
    const body = await res.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return new Response(body, res);
  };
}
