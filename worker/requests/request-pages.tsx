/**
 * The pages that hold request forms: /contacts (call back and consultation),
 * /wholesale and /partnership. Each renders with a form state, so a plain post
 * that fails comes back to the same page with the visitor's words and the
 * messages beside the fields.
 */
import type { Context } from "hono";
import type { ReactNode } from "react";
import type { RequestKind } from "../../shared/request-forms";
import type { AppEnv } from "../app-env";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../catalog/breadcrumbs";
import { renderPage } from "../render/render-page";
import { csrfToken } from "../security/csrf";
import { siteOrigin } from "../seo/site-origin";
import { type FormState, RequestSection, requestFormProps, stateFromQuery } from "./request-section";

export type FormStates = Partial<Record<RequestKind, FormState>>;

/** Status for a page shown again with a form's problems (rate limits answer 429). */
export type FormPageStatus = 200 | 403 | 422 | 429;

async function withStatus(response: Promise<Response>, status: FormPageStatus): Promise<Response> {
  const res = await response;
  if (status === 200 || status === 422) return res;
  return new Response(res.body, { status, headers: res.headers });
}

interface RequestPageContent {
  title: string;
  description: string;
  crumbs: Crumb[];
  lead: ReactNode;
  body?: ReactNode;
  aside?: ReactNode;
}

function RequestPageLayout({ page, children }: { page: RequestPageContent; children: ReactNode }) {
  return (
    <div className="container request-page">
      <Breadcrumbs items={page.crumbs} />
      <header className="request-page__head">
        <h1>{page.title}</h1>
        <div className="request-page__lead">{page.lead}</div>
      </header>
      <div className="request-page__grid">
        <div className="request-page__content">
          {page.body}
          {page.aside}
        </div>
        <div className="request-page__forms">{children}</div>
      </div>
    </div>
  );
}

function render(
  c: Context<AppEnv>,
  page: RequestPageContent,
  forms: ReactNode,
  status: FormPageStatus,
): Promise<Response> {
  return withStatus(
    renderPage(c, {
      title: page.title,
      description: page.description,
      status: status === 422 ? 422 : 200,
      jsonLd: [breadcrumbJsonLd(siteOrigin(c), page.crumbs)],
      body: <RequestPageLayout page={page}>{forms}</RequestPageLayout>,
    }),
    status,
  );
}

const HOME: Crumb = { name: "Home", path: "/" };

export async function renderWholesale(
  c: Context<AppEnv>,
  state: FormState = stateFromQuery(c, "wholesale"),
  status: FormPageStatus = 200,
  content: Partial<RequestPageContent> = {},
): Promise<Response> {
  const form = await requestFormProps(c, "wholesale", state);
  const page: RequestPageContent = {
    title: "Wholesale",
    description: "Wholesale supply of genuine cosmetics to salons, spas, pharmacies and shops across the UAE.",
    crumbs: [HOME, { name: "Wholesale", path: "/wholesale" }],
    lead: <p>Salons, spas, pharmacies and shops across the UAE buy from us at wholesale prices.</p>,
    ...content,
  };
  return render(
    c,
    page,
    <RequestSection
      id="wholesale-request"
      title="Wholesale enquiry"
      intro="Tell us about your business and what you need; attach your list or a price-list request if you have one."
      form={form}
    />,
    status,
  );
}

export async function renderPartnership(
  c: Context<AppEnv>,
  state: FormState = stateFromQuery(c, "partnership"),
  status: FormPageStatus = 200,
  content: Partial<RequestPageContent> = {},
): Promise<Response> {
  const form = await requestFormProps(c, "partnership", state);
  const page: RequestPageContent = {
    title: "Partnership",
    description: "Brands, bloggers and businesses: work with Noor Beauty.",
    crumbs: [HOME, { name: "Partnership", path: "/partnership" }],
    lead: <p>Brands, creators and businesses who share our love of good skincare: let's talk.</p>,
    ...content,
  };
  return render(
    c,
    page,
    <RequestSection
      id="partnership-request"
      title="Partnership enquiry"
      intro="A few lines about you and your idea are enough; we reply by e-mail."
      form={form}
    />,
    status,
  );
}

export async function renderContacts(
  c: Context<AppEnv>,
  states: FormStates = {},
  status: FormPageStatus = 200,
  content: Partial<RequestPageContent> = {},
): Promise<Response> {
  const csrf = await csrfToken(c);
  const [callback, consultation] = await Promise.all([
    requestFormProps(c, "callback", states.callback ?? stateFromQuery(c, "callback"), csrf),
    requestFormProps(c, "consultation", states.consultation ?? stateFromQuery(c, "consultation"), csrf),
  ]);
  const page: RequestPageContent = {
    title: "Contacts",
    description: "How to reach us: phones, e-mail, WhatsApp and our stores.",
    crumbs: [HOME, { name: "Contacts", path: "/contacts" }],
    lead: <p>Call, write or leave your number and we will call you back.</p>,
    ...content,
  };
  return render(
    c,
    page,
    <>
      <RequestSection
        id="callback"
        title="Request a call back"
        intro="Leave your name and number and we will call you back within working hours."
        form={callback}
      />
      <RequestSection
        id="consultation"
        title="Ask for a consultation"
        intro="Tell us what you would like advice on and one of our beauty advisers will call you."
        form={consultation}
      />
    </>,
    status,
  );
}

/** Shows a request form's page again with its problems. */
export function renderRequestPage(
  c: Context<AppEnv>,
  kind: RequestKind,
  state: FormState,
  status: FormPageStatus,
): Promise<Response> {
  if (kind === "wholesale") return renderWholesale(c, state, status);
  if (kind === "partnership") return renderPartnership(c, state, status);
  return renderContacts(c, { [kind]: state }, status);
}

/** Where a plain post of each kind lands with its thank-you. */
export function thankYouPath(kind: RequestKind): string {
  if (kind === "wholesale") return "/wholesale?sent=wholesale#wholesale-request";
  if (kind === "partnership") return "/partnership?sent=partnership#partnership-request";
  return `/contacts?sent=${kind}#${kind}`;
}

export const contactsPage = (c: Context<AppEnv>): Promise<Response> => renderContacts(c);
export const wholesalePage = (c: Context<AppEnv>): Promise<Response> => renderWholesale(c);
export const partnershipPage = (c: Context<AppEnv>): Promise<Response> => renderPartnership(c);
