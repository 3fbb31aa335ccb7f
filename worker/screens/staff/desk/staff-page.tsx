import type { Context } from "hono";
import type { ReactNode } from "react";
import type { Locale } from "../../../../shared/constants";
import { routePath } from "../../../../shared/links";
import { renderPage } from "../../../frame/document/render-page";
import { FlashMessage, takeFlash } from "../../../frame/personal/flash";
import type { Flash } from "../../../frame/personal/personal-fragment";
import type { AppEnv } from "../../../platform/app-env";
import { DeskHeader } from "./desk-header";

/** The language an order was placed in, as the (English) desk names it: its e-mails are written in it. */
export const ORDER_LANGUAGES: Record<Locale, string> = { en: "English", ar: "Arabic" };
/** The desk's sections, in the order its navigation shows them. */
export const STAFF_SECTIONS = {
  overview: { href: routePath("staff"), label: "Overview" },
  orders: { href: routePath("staff-orders"), label: "Orders" },
  invoices: { href: routePath("staff-invoices"), label: "VAT register" },
  products: { href: routePath("staff-products"), label: "Products" },
  requests: { href: routePath("staff-requests"), label: "Requests" },
  reviews: { href: routePath("staff-reviews"), label: "Reviews" },
  promotions: { href: routePath("staff-promotions"), label: "Promotions" },
  settings: { href: routePath("staff-settings"), label: "Settings" },
  redirects: { href: routePath("staff-redirects"), label: "Redirects" },
  outbox: { href: routePath("staff-outbox"), label: "E-mails" },
  searches: { href: routePath("staff-searches"), label: "Searches" },
  health: { href: routePath("staff-health"), label: "Health" },
} as const;
export type StaffSection = keyof typeof STAFF_SECTIONS;

/** The staff desk's pages: the shop's frame, the desk's own navigation, never kept or indexed. */
export function StaffNav({ current }: { current: StaffSection }) {
  return (
    <nav className="staff-nav" aria-label="Staff desk">
      <ul>
        {(Object.keys(STAFF_SECTIONS) as StaffSection[]).map((key) => (
          <li key={key}>
            <a href={STAFF_SECTIONS[key].href} aria-current={current === key ? "page" : undefined}>
              {STAFF_SECTIONS[key].label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export async function renderStaffPage(
  c: Context<AppEnv>,
  page: { title: string; body: ReactNode },
  status: 200 | 403 | 404 | 409 | 422 | 503 = 200,
): Promise<Response> {
  c.set("noindex", true);
  const staff = c.get("staff");
  const rendered = await renderPage(c, {
    title: page.title,
    description: "The shop's staff desk.",
    // A visitor refused at the gate stays in the shop's frame; staff get the desk's own.
    desk: staff ? { header: <DeskHeader staffName={staff.name} /> } : undefined,
    body: page.body,
  });
  const response =
    status === rendered.status ? rendered : new Response(rendered.body, { status, headers: rendered.headers });
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/** A page with one message (refused, not found). */
export function renderStaffMessage(
  c: Context<AppEnv>,
  title: string,
  message: string,
  status: 403 | 404 | 503,
): Promise<Response> {
  return renderStaffPage(
    c,
    {
      title,
      body: (
        <section className="container page-section narrow staff">
          <h1>{title}</h1>
          <p className="lead">{message}</p>
          <p>
            <a className="button" href={routePath("index")}>
              Back to the shop
            </a>
          </p>
        </section>
      ),
    },
    status,
  );
}

export const staffDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Asia/Dubai",
});

/**
 * The top of a record's page: the desk's navigation, the way back to its list, the message of the
 * last action (flash) and, when a post was refused, why.
 */
export function StaffRecordTop({
  section,
  back,
  flash,
  alert,
}: {
  section: StaffSection;
  back: { href: string; label: string };
  flash: Flash | null;
  alert?: string;
}) {
  return (
    <>
      <StaffNav current={section} />
      <p>
        <a href={back.href}>← {back.label}</a>
      </p>
      <StaffNotices flash={flash} alert={alert} />
    </>
  );
}

/** The message of the last action (flash) and, when a post was refused, why. */
export function StaffNotices({ flash, alert }: { flash: Flash | null; alert?: string }) {
  return (
    <>
      <FlashMessage flash={flash} />
      {alert && (
        <div className="notice notice--error" role="alert">
          {alert}
        </div>
      )}
    </>
  );
}

/** A desk page of the usual width, and the flash the last action left for it. */
export function renderStaffSection(
  c: Context<AppEnv>,
  title: string,
  body: (flash: Flash | null) => ReactNode,
  status: 200 | 404 | 409 | 422 | 503 = 200,
): Promise<Response> {
  const flash = takeFlash(c);
  return renderStaffPage(
    c,
    { title, body: <section className="container page-section staff">{body(flash)}</section> },
    status,
  );
}
