import { Hono } from "hono";
import { routes } from "../shared/routes";
import { accountRoutes } from "./account/account-routes";
import type { AppEnv } from "./app-env";
import { latestBuild } from "./builds/latest-route";
import { cartActions } from "./cart/cart-actions";
import { catalogApi } from "./catalog/quick-view-route";
import { authApi } from "./cms/auth/auth-routes";
import { embeddedCms } from "./cms/cms-routes";
import { cmsWebhook } from "./cms-client/webhook-route";
import { handleAppError } from "./errors/handle-error";
import { favouriteActions } from "./favourites/favourite-routes";
import { deliverOutbox } from "./mail/deliver-outbox";
import { canonicalHost } from "./middleware/canonical-host";
import { locale } from "./middleware/locale";
import { pageCache } from "./middleware/page-cache";
import { securityHeaders } from "./middleware/security-headers";
import { trailingSlash } from "./middleware/trailing-slash";
import { checkoutActions } from "./orders/checkout-page";
import { confirmationPage, orderDetailPage } from "./orders/order-views";
import { keepVisitorCounts } from "./page-shells/visitor-counts";
import { renderNotFound } from "./pages/not-found";
import { paymentWebhook } from "./payments/webhook-route";
import { reviewActions } from "./product-reviews/review-routes";
import { redirectRules } from "./redirects/redirect-middleware";
import { requestRoutes } from "./requests/request-routes";
import { reviewMedia } from "./reviews/review-media-route";
import { reviewRoutes } from "./reviews/review-routes";
import { registerPages } from "./routing/register-pages";
import { originGuard } from "./security/csrf";
import { robots } from "./seo/robots-route";
import { sitemap } from "./seo/sitemap-route";
import { session } from "./session/session";

const app = new Hono<AppEnv>();

app.use(canonicalHost);
app.use(trailingSlash);
app.use(redirectRules);
app.use(securityHeaders);
app.use(originGuard);
app.use(pageCache);
app.use(locale);
app.use(session);
app.use(keepVisitorCounts);

app.route("/builds", latestBuild);
app.route("/", embeddedCms);
app.route("/api/payments", paymentWebhook);
app.route("/api/cms", cmsWebhook);
app.route("/cart", cartActions);
app.route("/favorites", favouriteActions);
app.route("/cart/order", checkoutActions);
app.route("/product-reviews", reviewActions);
app.route("/catalog-api", catalogApi);
app.get("/cart/order/:number", confirmationPage);
app.get("/user/orders/:number", orderDetailPage);
app.route("/", robots);
app.route("/", sitemap);
app.route("/api", authApi);
app.route("/user", accountRoutes);
app.route("/requests", requestRoutes);
app.route("/reviews", reviewRoutes);
app.route("/reviews/media", reviewMedia);
registerPages(app, routes);

app.notFound(renderNotFound);
app.onError(handleAppError);

/** HTTP from the Hono app; the cron trigger delivers the e-mail outbox. */
export default {
  fetch: app.fetch,
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext) {
    ctx.waitUntil(deliverOutbox(env).then((sent) => console.log(`Outbox: ${sent} e-mails delivered`)));
  },
} satisfies ExportedHandler<Env>;

export { app };
