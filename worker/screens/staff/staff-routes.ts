import { Hono } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { requestAttachment } from "./staff-attachment";
import { staffOnly } from "./staff-gate";
import { orderPage, postOrder } from "./staff-order";
import { ordersCsv, ordersPage } from "./staff-orders";
import { outboxPage, postOutbox } from "./staff-outbox";
import { overviewPage } from "./staff-overview";
import { postRequest, requestPage } from "./staff-request";
import { requestsPage } from "./staff-requests";

/** The staff desk under /staff: every page and action behind the role check (staff-gate.ts). */
export const staffRoutes = new Hono<AppEnv>();

staffRoutes.use("*", staffOnly);
staffRoutes.get("/", overviewPage);
staffRoutes.get("/orders", ordersPage);
staffRoutes.get("/orders.csv", ordersCsv);
staffRoutes.get("/orders/:number", orderPage);
staffRoutes.post("/orders/:number", postOrder);
staffRoutes.get("/requests", requestsPage);
staffRoutes.get("/requests/:publicId", requestPage);
staffRoutes.post("/requests/:publicId", postRequest);
staffRoutes.get("/requests/:publicId/attachment", requestAttachment);
staffRoutes.get("/outbox", outboxPage);
staffRoutes.post("/outbox", postOutbox);
