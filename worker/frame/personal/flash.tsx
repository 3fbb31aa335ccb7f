import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { renderToStaticMarkup } from "react-dom/server";
import { FLASH_COOKIE } from "../../../shared/cookie-names";
import type { AppEnv } from "../../platform/app-env";
import { type Flash, shopperFragment } from "./personal-fragment";

/*
 * One-shot messages across a post → redirect → get (forms without JavaScript):
 * set before redirecting, shown and cleared by the next page.
 */

export function setFlash(c: Context<AppEnv>, flash: Flash): void {
  setCookie(c, FLASH_COOKIE, encodeURIComponent(JSON.stringify(flash)), {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    maxAge: 60,
  });
}

/**
 * A request the browser sends ahead of a navigation (Speculation Rules or `<link rel=prefetch>`
 * say so in `Sec-Purpose`, older ones in `Purpose`): it must leave the message for the page the
 * shopper will see. A prefetch launched while a form's answer set the cookie would otherwise
 * take the message, and the page after the redirect would show none.
 */
function isPrefetch(c: Context<AppEnv>): boolean {
  return /prefetch/i.test(c.req.header("sec-purpose") ?? c.req.header("purpose") ?? "");
}

export function takeFlash(c: Context<AppEnv>): Flash | null {
  const raw = getCookie(c, FLASH_COOKIE);
  if (!raw || isPrefetch(c)) return null;
  deleteCookie(c, FLASH_COOKIE, { path: "/", secure: true });
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<Flash>;
    if (
      (value.kind === "success" || value.kind === "error" || value.kind === "info") &&
      typeof value.text === "string"
    ) {
      return { kind: value.kind, text: value.text.slice(0, 300) };
    }
  } catch {
    // A mangled cookie is simply dropped.
  }
  return null;
}

/**
 * Where a public page shows the one-shot message. The page itself stays the
 * same for everyone (it may be a kept page shell); the edge takes the flash
 * cookie and fills the slot for this shopper (the fragment below).
 */
export function FlashSlot() {
  return <div className="flash-slot" data-hole="flash" />;
}

export const flashMessage = shopperFragment({
  name: "flash",
  mark: 'data-hole="flash"',
  wants: (view) => view.flash !== null,
  fill(rewriter, { flash }) {
    const html = renderToStaticMarkup(<FlashMessage flash={flash} />);
    rewriter.on('[data-hole="flash"]', {
      element(el) {
        el.setInnerContent(html, { html: true });
      },
    });
  },
});

export function FlashMessage({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  return (
    <div className={`notice notice--${flash.kind}`} role={flash.kind === "error" ? "alert" : "status"}>
      {flash.text}
    </div>
  );
}
