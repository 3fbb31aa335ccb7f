import { routePath } from "../../../shared/links";
import { Rich, useTexts } from "../i18n/texts";
import { ErrorIllustration, NotFoundIllustration } from "./illustrations";

/* The two status screens' views; worker/frame/document/not-found.tsx and error-screen.tsx render them in the layout. */

/**
 * Spec section 2's 404 screen; the path is shown escaped (React escapes text), isolated left to right
 * (`bdi`), so an Arabic sentence does not carry its leading slash to the other end.
 */
export function NotFound({ path }: { path: string }) {
  const t = useTexts();
  return (
    <section className="container status-screen">
      <NotFoundIllustration />
      <h1>{t.m.status.notFoundTitle}</h1>
      <p className="muted">
        <Rich text={t.m.status.notFoundText} parts={{ path: <bdi dir="ltr">{path}</bdi> }} />
      </p>
      <div className="status-screen__actions">
        <a className="button" href={routePath("catalog")}>
          {t.m.status.browseCatalog}
        </a>
        <a className="button button--outlined" href={routePath("index")}>
          {t.m.status.goBackHome}
        </a>
      </div>
    </section>
  );
}

/** Spec section 2's error screen. It never shows what went wrong inside. */
export function ErrorScreen() {
  const t = useTexts();
  return (
    <section className="container status-screen">
      <ErrorIllustration />
      <h1>{t.m.status.errorTitle}</h1>
      <p className="muted">{t.m.status.errorText}</p>
      <a className="button" href={routePath("index")}>
        {t.m.status.goBackHome}
      </a>
    </section>
  );
}
