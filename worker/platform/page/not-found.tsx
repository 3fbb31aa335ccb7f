import type { Context } from "hono";
import { text } from "../../../shared/text";
import type { AppEnv } from "../app-env";
import { NotFoundIllustration } from "../ui/illustrations";
import { renderPage } from "./render-page";

export function NotFound({ path }: { path: string }) {
  return (
    <section className="container status-screen">
      <NotFoundIllustration />
      <h1>{text.notFoundTitle}</h1>
      <p className="muted">{text.notFoundText(path)}</p>
      <div className="status-screen__actions">
        <a className="button" href="/catalog">
          Browse the catalog
        </a>
        <a className="button button--outlined" href="/">
          {text.goBackHome}
        </a>
      </div>
    </section>
  );
}

/** 404 inside the normal layout; the path is shown escaped (React escapes text). */
export function renderNotFound(c: Context<AppEnv>): Promise<Response> {
  return renderPage(c, {
    title: text.notFoundTitle,
    status: 404,
    body: <NotFound path={c.req.path} />,
  });
}
