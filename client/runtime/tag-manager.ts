/**
 * Google Tag Manager, only when the page names a container (<meta name="gtm-id">,
 * rendered from GTM_ID), inserted once the page is loaded and idle so it never
 * holds up rendering. The CSP trusts it through 'strict-dynamic' (the runtime
 * that inserts it carries the nonce); it gets the nonce too for its own inserts.
 *
 * A chunk of its own (client/runtime.ts imports it after load, and only when the
 * meta is there), so shops without a container never download this. It imports
 * nothing the runtime has: a shared module would become a second script on every page.
 */
export function startTagManager(nonce: string): void {
  const id = document.querySelector<HTMLMetaElement>('meta[name="gtm-id"]')?.content ?? "";
  if (!/^GTM-[A-Z0-9]+$/.test(id)) return;
  const insert = () => {
    const w = window as Window & { dataLayer?: unknown[] };
    w.dataLayer = w.dataLayer || [];
    w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = document.createElement("script");
    script.async = true;
    script.nonce = nonce;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${id}`;
    document.head.append(script);
  };
  (window.requestIdleCallback || setTimeout)(insert);
}
