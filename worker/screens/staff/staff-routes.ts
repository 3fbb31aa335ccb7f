import { Hono } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { STAFF_DESK } from "../../platform/routing/limit-presets";
import { reads, type WriteSpec, writes } from "../../platform/routing/route-spec";
import { staffOnly } from "./desk/staff-gate";
import { healthPage } from "./health/staff-health";
import { vatRegisterCsv } from "./invoices/register-csv";
import { vatRegisterPage } from "./invoices/staff-vat-register";
import { postOrder } from "./orders/order-action";
import { staffInvoicePage } from "./orders/staff-invoice";
import { orderPage } from "./orders/staff-order";
import { ordersCsv, ordersPage } from "./orders/staff-orders";
import { outboxPage, postOutbox } from "./outbox/staff-outbox";
import { overviewPage } from "./overview/staff-overview";
import { postProducts } from "./products/import-delivery";
import { postProductStock, productStockPage } from "./products/staff-product";
import { productsPage } from "./products/staff-products";
import { postPromotionRecord, promotionCodesCsv, promotionPage } from "./promotions/staff-promotion";
import { postPromotion, promotionsPage } from "./promotions/staff-promotions";
import { postRedirectRule, redirectPage } from "./redirects/staff-redirect";
import { postRedirect, redirectsPage } from "./redirects/staff-redirects";
import { requestAttachment } from "./requests/staff-attachment";
import { postRequest, requestPage } from "./requests/staff-request";
import { requestsPage } from "./requests/staff-requests";
import { postReview, reviewPage } from "./reviews/staff-review";
import { staffReviewMedia } from "./reviews/staff-review-media";
import { reviewsPage } from "./reviews/staff-reviews";
import { searchesPage } from "./searches/staff-searches";
import { postSeller } from "./settings/seller-action";
import { postSettings, settingsPage } from "./settings/staff-settings";

/** The staff desk under /staff: every page and action behind the role check (desk/staff-gate.ts). */
export const staffRoutes = new Hono<AppEnv>();

/** A desk action: a form from the desk's own pages, at the desk's limits; the role is checked on every post. */
const DESK_ACTION: WriteSpec = {
  body: "form",
  limits: STAFF_DESK,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

// Every page of the desk is the staff's own: never kept in a shared cache.
staffRoutes.use("*", reads({ session: "resume", personal: true }), staffOnly);
staffRoutes.get("/", overviewPage);
staffRoutes.get("/orders", ordersPage);
staffRoutes.get("/orders.csv", ordersCsv);
staffRoutes.get("/orders/:number", orderPage);
staffRoutes.post("/orders/:number", writes(DESK_ACTION), postOrder);
staffRoutes.get("/orders/:number/invoice", staffInvoicePage);
staffRoutes.get("/invoices", vatRegisterPage);
staffRoutes.get("/invoices.csv", vatRegisterCsv);
staffRoutes.get("/products", productsPage);
// A delivery's CSV: the text box or one file.
staffRoutes.post("/products", writes({ ...DESK_ACTION, body: "upload", files: 1 }), postProducts);
staffRoutes.get("/products/:slug", productStockPage);
staffRoutes.post("/products/:slug", writes(DESK_ACTION), postProductStock);
staffRoutes.get("/requests", requestsPage);
staffRoutes.get("/requests/:publicId", requestPage);
staffRoutes.post("/requests/:publicId", writes(DESK_ACTION), postRequest);
staffRoutes.get("/requests/:publicId/attachment", requestAttachment);
staffRoutes.get("/outbox", outboxPage);
staffRoutes.post("/outbox", writes(DESK_ACTION), postOutbox);
staffRoutes.get("/reviews", reviewsPage);
staffRoutes.get("/reviews/shop/:ref", reviewPage("shop"));
staffRoutes.post("/reviews/shop/:ref", writes(DESK_ACTION), postReview("shop"));
staffRoutes.get("/reviews/shop/:ref/media/:file", staffReviewMedia);
staffRoutes.get("/reviews/product/:ref", reviewPage("product"));
staffRoutes.post("/reviews/product/:ref", writes(DESK_ACTION), postReview("product"));
staffRoutes.get("/searches", searchesPage);
staffRoutes.get("/health", healthPage);
staffRoutes.get("/redirects", redirectsPage);
staffRoutes.post("/redirects", writes(DESK_ACTION), postRedirect);
staffRoutes.get("/redirects/:id", redirectPage);
staffRoutes.post("/redirects/:id", writes(DESK_ACTION), postRedirectRule);
staffRoutes.get("/promotions", promotionsPage);
staffRoutes.post("/promotions", writes(DESK_ACTION), postPromotion);
staffRoutes.get("/promotions/:id", promotionPage);
staffRoutes.post("/promotions/:id", writes(DESK_ACTION), postPromotionRecord);
staffRoutes.get("/promotions/:id/codes.csv", promotionCodesCsv);
staffRoutes.get("/settings", settingsPage);
staffRoutes.post("/settings", writes(DESK_ACTION), postSettings);
staffRoutes.post("/settings/seller", writes(DESK_ACTION), postSeller);
