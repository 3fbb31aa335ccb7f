import { text } from "../../../shared/text";
import { ErrorIllustration, NotFoundIllustration } from "./illustrations";

/* The two status screens' views; worker/platform/page renders them in the layout. */

/** Spec section 2's 404 screen; the path is shown escaped (React escapes text). */
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

/** Spec section 2's error screen. It never shows what went wrong inside. */
export function ErrorScreen() {
  return (
    <section className="container status-screen">
      <ErrorIllustration />
      <h1>{text.errorTitle}</h1>
      <p className="muted">{text.errorText}</p>
      <a className="button" href="/">
        {text.goBackHome}
      </a>
    </section>
  );
}
