import type { Context } from "hono";
import { text } from "../../shared/text";
import type { AppEnv } from "../app-env";
import { renderPage } from "../render/render-page";

/** Temporary body for a screen whose issue has not landed; never called done. */
export function comingSoonPage(title: string) {
  return (c: Context<AppEnv>) =>
    renderPage(c, {
      title,
      body: (
        <section className="container status-screen">
          <h1>{title}</h1>
          <p className="muted">{text.comingSoon}</p>
          <a className="button" href="/">
            {text.goBackHome}
          </a>
        </section>
      ),
    });
}
