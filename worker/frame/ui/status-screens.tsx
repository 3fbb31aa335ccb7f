import { routePath } from "../../../shared/links";
import { Rich, useTexts } from "../i18n/texts";
import { ErrorIllustration, NotFoundIllustration } from "./illustrations";

/*
 * The status screens' views; worker/frame/document/not-found.tsx, error-screen.tsx and unavailable.tsx
 * render them in the layout. `retry` is the page to ask again: the one that failed, as the shopper asked it.
 */

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

/** Spec section 2's error screen. It never shows what went wrong inside; it offers the page again, and home. */
export function ErrorScreen({ retry }: { retry: string | null }) {
  const t = useTexts();
  return (
    <section className="container status-screen">
      <ErrorIllustration />
      <h1>{t.m.status.errorTitle}</h1>
      <p className="muted">{t.m.status.errorText}</p>
      <NextSteps retry={retry} />
    </section>
  );
}

/**
 * A page the shop could not read what it shows for (decision 0101): nothing is wrong with it, so ask
 * again. `account`: the signed-in shopper's account could not be loaded (decision 0135).
 */
export function Unavailable({ retry, what = "page" }: { retry: string; what?: "page" | "account" }) {
  const t = useTexts();
  const account = what === "account";
  return (
    <section className="container status-screen">
      <ErrorIllustration />
      <h1>{account ? t.m.status.accountUnknownTitle : t.m.status.unavailableTitle}</h1>
      <p className="muted">{account ? t.m.status.accountUnknownText : t.m.status.unavailableText}</p>
      <NextSteps retry={retry} />
    </section>
  );
}

/** Above a page drawn without a part the shop could not read (decision 0101): the rest is shown, and the page can be asked again. */
export function PartlyShown({ retry }: { retry: string }) {
  const t = useTexts();
  return (
    <div className="container">
      <p className="notice notice--info" role="status">
        {t.m.status.partlyShown} <a href={retry}>{t.m.status.tryAgain}</a>
      </p>
    </div>
  );
}

function NextSteps({ retry }: { retry: string | null }) {
  const t = useTexts();
  return (
    <div className="status-screen__actions">
      {retry !== null && (
        <a className="button" href={retry}>
          {t.m.status.tryAgain}
        </a>
      )}
      <a className={retry === null ? "button" : "button button--outlined"} href={routePath("index")}>
        {t.m.status.goBackHome}
      </a>
    </div>
  );
}
