import type { Context } from "hono";
import type { AppEnv, SessionUser, SignInHook } from "../app-env";
import { log } from "../log/log";
import { readVisitorId } from "../security/visitor-id";

/**
 * Runs what else happens when a shopper signs in (login, registration, password
 * reset, provider callback). The hooks are assembled in worker/index.ts and handed
 * to the session middleware, which keeps them on the request (`c.var.signInHooks`):
 * the platform knows that something happens at sign-in, never what.
 * Hooks run in order; one that throws is logged and does not stop the sign-in or the others.
 */
export async function runSignInHooks(
  c: Context<AppEnv>,
  user: SessionUser,
  hooks: readonly SignInHook[] = c.get("signInHooks") ?? [],
): Promise<void> {
  if (hooks.length === 0) return;
  const visitorId = await readVisitorId(c);
  for (const hook of hooks) {
    try {
      await hook(c, user, visitorId);
    } catch (error) {
      log.error("Sign-in hook failed", { error });
    }
  }
}
