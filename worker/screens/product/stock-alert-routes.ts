/**
 * "Tell me when it's back" (docs/stock.md; its e-mails: decision 0092):
 * - POST /stock-alerts: subscribe an address to a sold-out or pre-purchase SKU. Checked like every
 *   visitor form (honeypot, the shared e-mail rule, limits per visitor then per address), plus: the
 *   SKU must be one of the product's, and not in stock. Queues only a confirmation e-mail. A plain
 *   form goes back to the product page with a message; an island gets JSON.
 * - GET /stock-alerts/confirm/{token}: the confirmation link.
 * - GET /stock-alerts/unsubscribe/{token}: asks; POST of the same path (our button, or a mail
 *   provider's RFC 8058 one-click) ends the subscription.
 * The answer to an accepted post is the same whether the address was new, waiting, or limited:
 * it never tells who is subscribed; a visitor past their own limit gets 429 whatever the address.
 */
import { type Context, Hono } from "hono";
import { sha256, toHex } from "../../../shared/bytes";
import type { Locale } from "../../../shared/constants";
import { checkForm, type FormAnswer, type FormErrors } from "../../../shared/forms/form-result";
import { type StockAlertInput, stockAlertSchema } from "../../../shared/forms/stock-alert";
import { routePath } from "../../../shared/links";
import { mailboxOf } from "../../../shared/mailbox";
import { offersStockAlert, stockState } from "../../../shared/stock-rules";
import type { ProductSummary } from "../../../shared/types/catalog";
import { itemName } from "../../../shared/variants";
import { siteOrigin } from "../../frame/head/site-origin";
import { textsOf } from "../../frame/i18n/texts";
import { setFlash } from "../../frame/personal/flash";
import type { AppEnv, LimitRefusal } from "../../platform/app-env";
import { getProduct } from "../../platform/cms-client/catalog-records";
import { honeypotFilled, readFormBody, textFields, wantsJson } from "../../platform/forms/form-guard";
import { confirmationMail } from "../../platform/mail/stock-alert-mails";
import { limitRefusal, tooMany } from "../../platform/middleware/route-limits";
import { SERVICE, STOCK_ALERTS } from "../../platform/routing/limit-presets";
import { type ReadSpec, reads, type WriteSpec, writes } from "../../platform/routing/route-spec";
import { hitRateLimit } from "../../platform/security/rate-limit";
import { queueRestockAlerts } from "../../platform/stock/restock-alerts";
import {
  confirmationRecentlySent,
  confirmStockAlert,
  findByUnsubscribeHash,
  findStockAlert,
  linkTokenHash,
  newLinkToken,
  subscribeToRestock,
  unsubscribeStockAlert,
} from "../../platform/stock/stock-alert-store";
import { readStock } from "../../platform/stock/stock-store";
import { productPath } from "../../shop/products/product-card";
import {
  type AlertFormPage,
  renderAlertFormPage,
  renderConfirmed,
  renderLinkNotValid,
  renderNoSuchProduct,
  renderUnsubscribeAsk,
  renderUnsubscribed,
} from "./stock-alert-pages";

/** "Tell me when it's back": a form from the product page, at the alerts' limits. */
const ALERT_FORM: WriteSpec = {
  body: "form",
  limits: STOCK_ALERTS,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};
/** The e-mails' links: one shopper's own, never kept in a shared cache. */
const ALERT_LINK: ReadSpec = { session: "resume", personal: true };
/**
 * One-click unsubscribe (RFC 8058) comes from mail providers' servers, many shoppers behind
 * each: no visitor to count, and no Origin; the secret token in the path authorises it, and a
 * forged one could do no more than the link already does.
 */
const ONE_CLICK_UNSUBSCRIBE: WriteSpec = {
  body: "form",
  limits: SERVICE,
  csrf: { exempt: "mail providers post it from their own servers; the token in the path authorises it" },
  session: "resume",
  personal: true,
};

export const stockAlertRoutes = new Hono<AppEnv>();

/**
 * Confirmation e-mails one inbox (shared/mailbox.ts: `+tags` and Gmail's dots do not make another) may be sent, whoever asks: a shopper asks for a few shades in
 * an hour; someone signing a stranger up to every sold-out SKU is stopped here, silently (the
 * answer stays the same, so it tells nothing about the address).
 */
export const RECIPIENT_LIMIT = { action: "stock-alert-recipient", limit: 10, windowSeconds: 60 * 60 };

/** Where a post goes back to: the product page with the shade or size chosen. */
function itemPath(product: Pick<ProductSummary, "slug" | "category">, variantSku: string | null): string {
  return `${productPath(product)}${variantSku ? `?variant=${encodeURIComponent(variantSku)}` : ""}`;
}

stockAlertRoutes.post("/", writes(ALERT_FORM), async (c) => {
  const json = wantsJson(c);
  const body = await readFormBody(c);
  const fields = textFields(body);
  const refusal = limitRefusal(c);
  const t = textsOf(c);

  function limited(page: AlertFormPage | null, refused: LimitRefusal): Promise<Response> | Response {
    c.header("Retry-After", String(refused.retryAfter));
    if (!page) return tooMany(c, refused);
    if (json) return c.json({ ok: false, message: refused.message } satisfies FormAnswer, 429);
    return renderAlertFormPage(c, { ...page, state: { ...page.state, alert: refused.message } }, 429);
  }

  const slug = /^[a-z0-9-]{1,120}$/.test(fields.product ?? "") ? (fields.product as string) : null;
  const product = slug ? await getProduct(c, c.get("locale"), slug) : null;
  if (!product) {
    if (refusal) return limited(null, refusal);
    return json
      ? c.json({ ok: false, message: t.m.stockAlert.noProduct } satisfies FormAnswer, 404)
      : renderNoSuchProduct(c, t.m.stockAlert.noProduct);
  }
  const sku = fields.sku ?? "";
  const variant = product.variants.find((v) => v.sku === sku) ?? null;
  const belongs = product.variants.length > 0 ? variant !== null : sku === product.sku;
  const name = itemName(product.name, variant?.name);
  const cms = variant?.availability ?? product.availability;
  const onHand = belongs ? (await readStock(c.env.DB, [sku])).get(sku) : undefined;
  const { availability } = stockState(cms, onHand);
  const back = itemPath(product, variant?.sku ?? null);
  const page: AlertFormPage = {
    product,
    variant,
    backPath: back,
    belongs,
    itemName: name,
    availability,
    state: { email: fields.email ?? "" },
  };

  function refused(status: 409 | 422, message: string, errors?: FormErrors): Promise<Response> | Response {
    if (refusal) return limited(page, refusal);
    if (json) return c.json({ ok: false, message, ...(errors ? { errors } : {}) } satisfies FormAnswer, status);
    return renderAlertFormPage(
      c,
      { ...page, state: { ...page.state, errors, alert: errors ? null : message } },
      status,
    );
  }

  function thanked(): Response {
    const message = t.fill(t.m.stockAlert.checkInbox, { name });
    if (json) return c.json({ ok: true, message } satisfies FormAnswer);
    setFlash(c, { kind: "success", text: message });
    return c.redirect(back, 303);
  }

  // A bot filled the hidden field: it is thanked, nothing is sent.
  if (honeypotFilled(body)) return refusal ? limited(page, refusal) : thanked();
  const checked = checkForm(stockAlertSchema(t.m), fields);
  if (!checked.ok) {
    const { email, ...others } = checked.errors;
    if (Object.keys(others).length > 0) return refused(422, t.m.stockAlert.notThisProduct);
    return refused(422, t.m.stockAlert.checkField, { email });
  }
  if (!belongs) return refused(422, t.m.stockAlert.notThisProduct);
  if (availability === "in_stock") return refused(409, t.fill(t.m.stockAlert.inStockNow, { name }));
  if (!offersStockAlert(availability)) return refused(422, t.fill(t.m.stockAlert.notSold, { name }));
  return subscribe(c, checked.value, { product, name, path: back }, refusal, thanked, (r) => limited(page, r));
});

/** The accepted post: a repeat is thanked before the limits; then the limits; then the confirmation e-mail. */
async function subscribe(
  c: Context<AppEnv>,
  input: StockAlertInput,
  item: { product: { slug: string }; name: string; path: string },
  refusal: LimitRefusal | null,
  thanked: () => Response,
  limited: (refusal: LimitRefusal) => Promise<Response> | Response,
): Promise<Response> {
  const now = Date.now();
  const db = c.env.DB;
  // A visitor past their own limit hears the same whatever the address: whether someone asked for it
  // lately must not show (so this comes before the re-send check).
  if (refusal) return limited(refusal);
  // The same address again within the re-send window (a double click, a reload): thanked, nothing sent.
  if (await confirmationRecentlySent(db, input.sku, input.email, now)) return thanked();
  // Counted per inbox, not per spelling: `name+1@…`, `name+2@…` all land in one (shared/mailbox.ts).
  const recipient = toHex(await sha256(mailboxOf(input.email)));
  const allowed = await hitRateLimit(db, RECIPIENT_LIMIT, `email:${recipient}`, now);
  if (!allowed.allowed) return thanked();
  const origin = siteOrigin(c);
  // The subscription keeps the page's language: its e-mails and their links are written in it.
  const locale: Locale = c.get("locale");
  await subscribeToRestock(
    db,
    {
      sku: input.sku,
      email: input.email,
      productSlug: item.product.slug,
      productPath: item.path,
      itemName: item.name,
      userId: c.get("user")?.id ?? null,
      locale,
    },
    (token) =>
      confirmationMail(
        locale,
        input.email,
        item.name,
        `${origin}${routePath("stock-alerts-confirm", { token }, { locale })}`,
      ),
    now,
  );
  return thanked();
}

/** Whether the item can be bought now: stock on hand and the CMS selling it (stockState, as the page says). */
async function onSale(c: Context<AppEnv>, alert: { sku: string; productSlug: string }): Promise<boolean> {
  const product = await getProduct(c, c.get("locale"), alert.productSlug);
  if (!product) return false;
  const variant = product.variants.find((v) => v.sku === alert.sku) ?? null;
  if (!variant && product.sku !== alert.sku) return false;
  const onHand = (await readStock(c.env.DB, [alert.sku])).get(alert.sku);
  return stockState(variant?.availability ?? product.availability, onHand).availability === "in_stock";
}

stockAlertRoutes.get("/confirm/:token", reads(ALERT_LINK), async (c) => {
  const hash = await linkTokenHash(c.req.param("token"));
  if (!hash) return renderLinkNotValid(c);
  const db = c.env.DB;
  const unsubscribe = await newLinkToken();
  const confirmed = await confirmStockAlert(db, hash, unsubscribe.hash, Date.now());
  if (!confirmed) return renderLinkNotValid(c);
  if (confirmed.status !== "confirmed") return renderConfirmed(c, confirmed, null);
  // Back on sale before the shopper confirmed: the alert goes now rather than at the next restock.
  const queued = (await onSale(c, confirmed)) ? await queueRestockAlerts(db, [confirmed.sku], siteOrigin(c)) : 0;
  const alert = queued > 0 ? ((await findStockAlert(db, confirmed.id)) ?? confirmed) : confirmed;
  return renderConfirmed(
    c,
    alert,
    alert.status === "confirmed" ? routePath("stock-alerts-unsubscribe", { token: unsubscribe.token }) : null,
  );
});

stockAlertRoutes.get("/unsubscribe/:token", reads(ALERT_LINK), async (c) => {
  const token = c.req.param("token");
  const hash = await linkTokenHash(token);
  const alert = hash ? await findByUnsubscribeHash(c.env.DB, hash) : null;
  if (!alert) return renderLinkNotValid(c);
  return renderUnsubscribeAsk(c, alert, routePath("stock-alerts-unsubscribe", { token }));
});

/**
 * Our button, or a mail provider's one-click unsubscribe (RFC 8058: a POST with
 * `List-Unsubscribe=One-Click`, no cookies, from the provider's servers, hence exempt from the
 * Origin guard: the token in the path is what authorises it).
 */
stockAlertRoutes.post("/unsubscribe/:token", writes(ONE_CLICK_UNSUBSCRIBE), async (c) => {
  const hash = await linkTokenHash(c.req.param("token"));
  const alert = hash ? await unsubscribeStockAlert(c.env.DB, hash, Date.now()) : null;
  if (!alert) return renderLinkNotValid(c);
  return renderUnsubscribed(c, alert);
});
