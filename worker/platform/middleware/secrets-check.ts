import { createMiddleware } from "hono/factory";
import { assertSecrets } from "../../../shared/secrets";
import type { AppEnv } from "../app-env";
import { warnWithoutPublicOrigin } from "../mail/public-origin-check";

/**
 * Workers have no start-up hook, so the first thing every request does is check the
 * secrets (a few length checks): a missing or short one fails the request with an error
 * that names each, instead of the shop running on a guessable key until one is used. An empty
 * PUBLIC_ORIGIN where e-mails go out is said once (mail/public-origin-check.ts).
 */
export const secretsCheck = createMiddleware<AppEnv>(async (c, next) => {
  assertSecrets(c.env);
  warnWithoutPublicOrigin(c.env);
  await next();
});
