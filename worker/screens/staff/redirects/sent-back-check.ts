import type { Context } from "hono";
import { LOCALE_COOKIE } from "../../../../shared/cookie-names";
import { splitLocalePath } from "../../../../shared/locale-path";
import type { AppEnv } from "../../../platform/app-env";
import type { RedirectRule } from "../../../platform/redirects/redirect-rules";
import { MAX_HOPS, rulePath } from "../../../platform/redirects/resolve-redirect";

/**
 * Whether the shop itself sends a rule's target back to the rule's own path: a product's address
 * under another category answers a 301 to its canonical one (screens/product/product-page.tsx), so a
 * rule from the canonical address to that one would bounce between the two until the browser gives up.
 * The rules alone cannot tell (check-rule.ts): the shop is asked, as a visitor would ask, through the
 * whole app (the request's `renderAnew`, frame/shells/shell-refresh.ts), following its own redirects
 * on this site. Only when a rule is saved on the desk: a page or two rendered, never on a shopper's request.
 * The sentence for the target field, or null.
 */
export async function sentBack(c: Context<AppEnv>, rule: RedirectRule): Promise<string | null> {
  const renderAnew = c.get("renderAnew");
  const origin = new URL(c.req.url).origin;
  let url = new URL(rule.toTarget, origin);
  if (!renderAnew || url.origin !== origin) return null;
  const seen = new Set<string>();
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const { locale } = splitLocalePath(url.pathname);
    const res = await renderAnew(new Request(url, { headers: { Cookie: `${LOCALE_COOKIE}=${locale}` } }));
    // Read to the end: a page being kept is a tee of this answer (frame/shells/render-lock.ts).
    await res.arrayBuffer();
    const location = res.headers.get("location");
    if (res.status < 300 || res.status > 399 || !location) return null;
    const next = new URL(location, url);
    if (next.origin !== origin) return null;
    const path = splitLocalePath(rulePath(next.pathname)).path;
    if (path === rule.fromPath) {
      return `The shop itself sends ${url.pathname} back to ${next.pathname}: shoppers would go round between the two. Choose another page.`;
    }
    if (seen.has(path)) return null;
    seen.add(path);
    url = next;
  }
  return null;
}
