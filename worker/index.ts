import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { routes } from "../shared/routes";
import type { AppEnv } from "./app-env";
import { latestBuild } from "./builds/latest-route";
import { canonicalHost } from "./middleware/canonical-host";
import { securityHeaders } from "./middleware/security-headers";
import { trailingSlash } from "./middleware/trailing-slash";
import { renderErrorScreen } from "./pages/error-screen";
import { renderNotFound } from "./pages/not-found";
import { registerPages } from "./routing/register-pages";

const app = new Hono<AppEnv>();

app.use(canonicalHost);
app.use(trailingSlash);
app.use(securityHeaders);
app.use(async (c, next) => {
  c.set("locale", "en");
  await next();
});

app.route("/builds", latestBuild);
registerPages(app, routes);

app.notFound(renderNotFound);
app.onError((error, c) => {
  if (error instanceof HTTPException && error.status < 500) {
    if (error.status === 404) return renderNotFound(c);
    return error.getResponse();
  }
  console.error("Error in app:", error);
  return renderErrorScreen(c);
});

export default app;
