import { Hono } from "hono";
import { routes } from "../shared/routes";
import { createEmbeddedCms } from "./cms/cms-routes";
import { cmsRouteRows } from "./cms-route-rows";
import { handleAppError } from "./frame/document/handle-error";
import { renderNotFound } from "./frame/document/not-found";
import { keepVisitorCounts } from "./frame/personal/visitor-counts";
import { registerPages } from "./frame/routing/register-pages";
import { fateWord } from "./frame/shells/fate-word";
import { pageCache } from "./frame/shells/page-cache";
import { shellRefresh } from "./frame/shells/shell-refresh";
import { pageHandlers } from "./page-registry";
import { accountLocale, rememberAccountLocaleStatement } from "./platform/accounts/account-locale-store";
import type { AppEnv, ShopBindings } from "./platform/app-env";
import { cmsService, withCms } from "./platform/cms-client/cms-service";
import { cmsWebhook } from "./platform/cms-client/webhook-route";
import { requestDatabase } from "./platform/database/request-database";
import { reportError } from "./platform/errors/report-error";
import { withErrorReports } from "./platform/errors/with-error-reports";
import { requestLine } from "./platform/log/request-line";
import { outboxInsert } from "./platform/mail/mailer";
import { warnWithoutPublicOrigin } from "./platform/mail/public-origin-check";
import { canonicalHost } from "./platform/middleware/canonical-host";
import { headLikeGet } from "./platform/middleware/head-like-get";
import { localeCookie, localeNeutralPath, pathLocale } from "./platform/middleware/locale";
import { requestBody } from "./platform/middleware/request-body";
import { routeLimits } from "./platform/middleware/route-limits";
import { secretsCheck } from "./platform/middleware/secrets-check";
import { securityHeaders } from "./platform/middleware/security-headers";
import { dropStalePrefetches } from "./platform/middleware/stale-prefetches";
import { strictTransport } from "./platform/middleware/strict-transport";
import { trailingSlash } from "./platform/middleware/trailing-slash";
import { varyEncoding } from "./platform/middleware/vary-encoding";
import { runCron } from "./platform/operations/cron-run";
import { CRON_STEPS } from "./platform/operations/cron-steps";
import { redirectRules } from "./platform/redirects/redirect-middleware";
import { declareRows } from "./platform/routing/route-spec";
import { reindexEntry } from "./platform/search/search-reindex";
import { originGuard } from "./platform/security/csrf";
import { clientNetwork, hitRateLimit } from "./platform/security/rate-limit";
import { session } from "./platform/session/session";
import { rememberLocaleOnSignIn } from "./screens/account/account-locale";
import { accountRoutes } from "./screens/account/account-routes";
import { attachGuestOrdersOnSignIn } from "./screens/account/attach-guest-orders";
import { orderLookupRoutes } from "./screens/account/order-lookup";
import { latestBuild } from "./screens/builds/latest-route";
import { cartActions } from "./screens/cart/cart-actions";
import { checkoutActions } from "./screens/cart/checkout-page";
import { codeActions } from "./screens/cart/code-actions";
import { instalmentWebhook } from "./screens/cart/instalment-webhook";
import { accountInvoicePage, guestInvoicePage } from "./screens/cart/invoice-page";
import { mergeBagOnSignIn } from "./screens/cart/merge-on-sign-in";
import { confirmationPage, orderDetailPage } from "./screens/cart/order-views";
import { paymentWebhook } from "./screens/cart/payment-webhook";
import { catalogApi } from "./screens/catalog/quick-view-route";
import { favouriteActions, mergeFavouritesOnSignIn } from "./screens/favourites/favourite-routes";
import { healthz } from "./screens/healthz/healthz-route";
import { reviewActions } from "./screens/product/product-review-routes";
import { stockAlertRoutes } from "./screens/product/stock-alert-routes";
import { requestRoutes } from "./screens/requests/request-routes";
import { reviewMedia } from "./screens/shop-reviews/shop-review-media-route";
import { reviewRoutes } from "./screens/shop-reviews/shop-review-routes";
import { robots } from "./screens/sitemap/robots-route";
import { sitemap } from "./screens/sitemap/sitemap-route";
import { staffRoutes } from "./screens/staff/staff-routes";

/** The embedded CMS (CMS_URL empty), lent the shop's e-mail outbox, rate-limit counters and accounts' languages. */
const embeddedCms = createEmbeddedCms({
  queueMail: outboxInsert,
  hitRateLimit,
  clientNetwork,
  accountLocale,
  rememberLocale: rememberAccountLocaleStatement,
});

// Routes are registered once, without a locale prefix: "/ar/catalog" is routed as "/catalog" (pathLocale).
const app = new Hono<AppEnv>({ getPath: localeNeutralPath });

app.use(strictTransport);
app.use(varyEncoding);
app.use(requestLine(fateWord));
app.use(requestDatabase);
app.use(cmsService(embeddedCms));
app.use(pathLocale);
app.use(secretsCheck);
app.use(requestBody);
app.use(canonicalHost);
app.use(trailingSlash);
app.use(redirectRules);
// Outside securityHeaders, which makes the response's headers writable.
app.use(dropStalePrefetches);
app.use(securityHeaders);
app.use(originGuard);
app.use(pageCache);
app.use(localeCookie);
app.use(
  session({
    onSignIn: [mergeBagOnSignIn, mergeFavouritesOnSignIn, rememberLocaleOnSignIn, attachGuestOrdersOnSignIn],
  }),
);
app.use(routeLimits);
app.use(keepVisitorCounts);
app.use(shellRefresh(app));

app.route("/builds", latestBuild);
app.route("/", healthz);
app.route("/", embeddedCms);
declareRows(app, cmsRouteRows);
app.route("/api/payments", paymentWebhook);
app.route("/api/payments", instalmentWebhook);
app.route("/api/cms", cmsWebhook(reindexEntry));
app.route("/cart", cartActions);
app.route("/cart/code", codeActions);
app.route("/favorites", favouriteActions);
app.route("/cart/order", checkoutActions);
app.route("/product-reviews", reviewActions);
app.route("/stock-alerts", stockAlertRoutes);
app.route("/catalog-api", catalogApi);
app.get("/cart/order/:number", confirmationPage);
app.get("/cart/order/:number/invoice", guestInvoicePage);
app.get("/user/orders/:number", orderDetailPage);
app.get("/user/orders/:number/invoice", accountInvoicePage);
app.route("/order-lookup", orderLookupRoutes);
app.route("/", robots);
app.route("/", sitemap);
app.route("/user", accountRoutes);
app.route("/requests", requestRoutes);
app.route("/reviews", reviewRoutes);
app.route("/reviews/media", reviewMedia);
app.route("/staff", staffRoutes);
registerPages(app, routes, pageHandlers);

app.notFound(renderNotFound);
app.onError(handleAppError);

/**
 * HTTP from the Hono app (a HEAD run as a GET); the cron trigger runs the cron's steps
 * (platform/operations/cron-steps.ts), reports each failed one, and records the run. With SENTRY_DSN
 * set, errors reach Sentry (worker/platform/errors/with-error-reports.ts, decision 0115).
 */
export default withErrorReports({
  fetch: headLikeGet(app.fetch),
  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    warnWithoutPublicOrigin(env);
    const reportStep = (step: string, error: unknown) => reportError(error, { route: "cron", step });
    ctx.waitUntil(runCron(env, CRON_STEPS, controller.scheduledTime || Date.now(), reportStep));
  },
}) satisfies ExportedHandler<Env>;

/** The bindings as a request sees them, CMS included: for tests and scripts that call the platform directly. */
function shopBindings(env: Env): ShopBindings {
  return withCms(env, embeddedCms);
}

export { app, embeddedCms, shopBindings };
