import type { ReactNode } from "react";
import RequestDialog, { DIALOG_TRIGGERS } from "../../../client/islands/request-dialog";
import type { Locale } from "../../../shared/constants";
import { islandTexts } from "../../../shared/i18n/translator";
import { localeDirection } from "../../../shared/locale-path";
import type { LayoutData } from "../../../shared/types/cms";
import { useTexts } from "../i18n/texts";
import { clientManifest } from "../islands/client-manifest";
import { Island } from "../islands/island";
import { Footer } from "../layout/footer";
import { Header } from "../layout/header";
import type { LanguageSwitchProps } from "../layout/language-switch";
import type { HeaderCounts, HeaderUser } from "../personal/header-state";

export interface DocumentProps {
  title: string;
  description: string;
  nonce: string;
  buildId: string;
  layout: LayoutData;
  counts: HeaderCounts;
  user: HeaderUser | null;
  /** Extra head elements: canonical, OpenGraph, JSON-LD. */
  head?: ReactNode;
  searchQuery?: string;
  /** The page's language: `lang` and `dir` of the document. */
  locale: Locale;
  /** None on a page in one language only (the staff desk). */
  languageSwitch: LanguageSwitchProps | null;
  /** The staff desk's frame: its header in place of the shop's, and none of the shop's footer or dialogs. */
  desk?: { header: ReactNode };
  children: ReactNode;
}

/** The one layout (spec section 2: "default"): head, header, page, footer, runtime. */
export function Document(props: DocumentProps) {
  const { title, description, nonce, buildId, layout, counts, user, head, locale, children } = props;
  const t = useTexts();
  return (
    <html lang={locale} dir={localeDirection(locale)} data-build={buildId}>
      <head>
        <meta charSet="utf-8" />
        {/* Zoom stays allowed (WCAG 1.4.4); 16 px inputs keep phones from zooming on focus. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="build-id" content={buildId} />
        <meta name="theme-color" content="#FBF8F4" />
        {clientManifest.fonts[locale].map((font) => (
          <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <link rel="stylesheet" href={clientManifest.css} />
        {layout.contacts?.icon && <link rel="icon" href={layout.contacts.icon.url} type="image/svg+xml" />}
        {head}
        <script type="module" src={clientManifest.runtime} nonce={nonce} async />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t.m.site.skipToContent}
        </a>
        {props.desk ? (
          props.desk.header
        ) : (
          <Header
            layout={layout}
            counts={counts}
            user={user}
            searchQuery={props.searchQuery}
            languageSwitch={props.languageSwitch}
          />
        )}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {!props.desk && (
          <>
            <Footer layout={layout} />
            {/* The call-back and consultation dialogs: loaded only when a visitor reaches for a link that opens one. */}
            <Island
              name="request-dialog"
              component={RequestDialog}
              props={{ ...islandTexts(t, "visitorForms"), fieldErrors: t.m.fieldErrors }}
              wake="interaction"
              wakeOn={DIALOG_TRIGGERS}
            />
          </>
        )}
      </body>
    </html>
  );
}
