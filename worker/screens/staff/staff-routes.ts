import { Hono } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { staffOnly } from "./staff-gate";
import { orderPage, postOrder } from "./staff-order";
import { ordersCsv, ordersPage } from "./staff-orders";
import { overviewPage } from "./staff-overview";
import { postRedirectRule, redirectPage } from "./staff-redirect";
import { postRedirect, redirectsPage } from "./staff-redirects";
import { postReview, reviewPage } from "./staff-review";
import { staffReviewMedia } from "./staff-review-media";
import { reviewsPage } from "./staff-reviews";

/** The staff desk under /staff: every page and action behind the role check (staff-gate.ts). */
export const staffRoutes = new Hono<AppEnv>();

staffRoutes.use("*", staffOnly);
staffRoutes.get("/", overviewPage);
staffRoutes.get("/orders", ordersPage);
staffRoutes.get("/orders.csv", ordersCsv);
staffRoutes.get("/orders/:number", orderPage);
staffRoutes.post("/orders/:number", postOrder);
staffRoutes.get("/reviews", reviewsPage);
staffRoutes.get("/reviews/shop/:ref", reviewPage("shop"));
staffRoutes.post("/reviews/shop/:ref", postReview("shop"));
staffRoutes.get("/reviews/shop/:ref/media/:file", staffReviewMedia);
staffRoutes.get("/reviews/product/:ref", reviewPage("product"));
staffRoutes.post("/reviews/product/:ref", postReview("product"));
staffRoutes.get("/redirects", redirectsPage);
staffRoutes.post("/redirects", postRedirect);
staffRoutes.get("/redirects/:id", redirectPage);
staffRoutes.post("/redirects/:id", postRedirectRule);
