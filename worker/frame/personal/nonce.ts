import type { Context } from "hono";
import { toBase64 } from "../../../shared/bytes";
import { requireSecret } from "../../../shared/secrets";
import type { AppEnv } from "../../platform/app-env";
import { hmacSha256 } from "../../platform/security/crypto";
import type { PersonalFragment } from "./personal-fragment";

/**
 * The CSP nonce of a page's inline scripts. security-headers makes a random one
 * per request and reads it back for the CSP header; between the two, only this
 * module changes it: a kept page renders with a placeholder, a page the same
 * for everyone gets one derived from its content (docs/decisions/0004), and a
 * kept page served to a shopper gets this response's.
 */
export const SHELL_NONCE = "page-shell-nonce-placeholder";

/** The nonce this response's CSP header names (and its inline scripts carry). */
export function setPageNonce(c: Context<AppEnv>, nonce: string): void {
  c.set("nonce", nonce);
}

/**
 * The nonce of a public page is derived from its content: an HMAC over the
 * HTML with the placeholder or request nonce taken out. The same page gives
 * the same bytes (so a strong ETag is honest and a cached copy's CSP header
 * still matches its body), while nobody without the secret can predict it, and
 * an injected `<script nonce=…>` would change the content it is derived from.
 */
async function contentNonce(secret: string, html: string, placeholder: string): Promise<string> {
  const mac = await hmacSha256(secret, `csp-nonce\n${html.replaceAll(placeholder, "")}`);
  return toBase64(mac.subarray(0, 16));
}

/** A page the same for everyone: `placeholder` replaced by a nonce derived from the page itself. */
export async function withContentNonce(
  c: Context<AppEnv>,
  html: string,
  placeholder: string,
): Promise<{ html: string; nonce: string }> {
  const nonce = await contentNonce(requireSecret(c.env, "COOKIE_SECRET"), html, placeholder);
  return { html: html.replaceAll(placeholder, nonce), nonce };
}

/** Every `nonce` attribute of a kept page gets this response's nonce, whoever the shopper. */
export const pageNonce: PersonalFragment = {
  name: "nonce",
  mark: " nonce=",
  wants: () => true,
  fill(rewriter, { nonce }) {
    rewriter.on("[nonce]", {
      element(el) {
        el.setAttribute("nonce", nonce);
      },
    });
  },
};
