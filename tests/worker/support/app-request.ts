import { createExecutionContext, env } from "cloudflare:test";
import { app } from "../../../worker/index";

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
