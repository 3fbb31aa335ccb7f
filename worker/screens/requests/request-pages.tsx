/**
 * The pages that hold request forms: /contacts (call back and consultation),
 * /wholesale and /partnership. Each renders with a form state, so a plain post
 * that fails comes back to the same page with the visitor's words and the
 * messages beside the fields.
 */
import type { Context } from "hono";
import type { ReactNode } from "react";
import type { RequestKind } from "../../../shared/forms/requests";
import { routePath } from "../../../shared/links";
import { renderPage } from "../../frame/document/render-page";
import { textsOf } from "../../frame/i18n/texts";
import { getContacts } from "../../frame/layout/layout-data";
import { Breadcrumbs, type Crumb } from "../../frame/ui/breadcrumbs";
import { RichText } from "../../frame/ui/sanitize-html";
import type { AppEnv } from "../../platform/app-env";
import { getPage } from "../../platform/cms-client/content-records";
import { type FormState, stateFromQuery } from "../../platform/forms/form-state";
import { ContactCard } from "../../shop/content/contact-card";
import { RequestSection, requestFormProps } from "./request-section";

export type FormStates = Partial<Record<RequestKind, FormState>>;

/** Status for a page shown again with a form's problems (rate limits answer 429). */
export type FormPageStatus = 200 | 403 | 422 | 429;

async function withStatus(response: Promise<Response>, status: FormPageStatus): Promise<Response> {
  const res = await response;
  if (status === 200 || status === 422) return res;
  return new Response(res.body, { status, headers: res.headers });
}

interface RequestPageContent {
  slug: "contacts" | "wholesale" | "partnership";
  aside?: ReactNode;
}

/**
 * The page's words come from the CMS page of the same slug (title,
 * description, rich text); the forms sit beside them (below on phones).
 */
async function render(
  c: Context<AppEnv>,
  content: RequestPageContent,
  forms: ReactNode,
  status: FormPageStatus,
): Promise<Response> {
  const page = await getPage(c, c.get("locale"), content.slug);
  const t = textsOf(c);
  // The catalogue's words when the CMS has no page for the slug (or can't be reached): the form still works.
  const fallback = t.m.requestPages[content.slug];
  const title = page?.title ?? fallback.title;
  const crumbs: Crumb[] = [
    { name: t.m.crumbs.home, path: "/" },
    { name: title, path: `/${content.slug}` },
  ];
  return withStatus(
    renderPage(c, {
      title,
      description: page?.description || fallback.description,
      status: status === 422 ? 422 : 200,
      canonicalPath: `/${content.slug}`,
      body: (
        <div className="container request-page">
          <Breadcrumbs items={crumbs} />
          <div className="request-page__grid">
            <div className="request-page__content">
              <article className="post">
                <h1>{title}</h1>
                {page ? (
                  <RichText html={page.content} className="rich-text post__content" />
                ) : (
                  <p className="request-page__lead">{fallback.lead}</p>
                )}
              </article>
              {content.aside}
            </div>
            <div className="request-page__forms">{forms}</div>
          </div>
        </div>
      ),
    }),
    status,
  );
}

export async function renderWholesale(
  c: Context<AppEnv>,
  state: FormState = stateFromQuery(c, "wholesale"),
  status: FormPageStatus = 200,
): Promise<Response> {
  const form = await requestFormProps(c, "wholesale", state);
  return render(c, { slug: "wholesale" }, <RequestSection id="wholesale-request" form={form} />, status);
}

export async function renderPartnership(
  c: Context<AppEnv>,
  state: FormState = stateFromQuery(c, "partnership"),
  status: FormPageStatus = 200,
): Promise<Response> {
  const form = await requestFormProps(c, "partnership", state);
  return render(c, { slug: "partnership" }, <RequestSection id="partnership-request" form={form} />, status);
}

/** /contacts: the CMS page, the contacts record (phones, e-mail, messengers, hours, map) and both call forms. */
export async function renderContacts(
  c: Context<AppEnv>,
  states: FormStates = {},
  status: FormPageStatus = 200,
): Promise<Response> {
  const contacts = await getContacts(c, c.get("locale"));
  const [callback, consultation] = await Promise.all([
    requestFormProps(c, "callback", states.callback ?? stateFromQuery(c, "callback")),
    requestFormProps(c, "consultation", states.consultation ?? stateFromQuery(c, "consultation")),
  ]);
  return render(
    c,
    { slug: "contacts", aside: contacts ? <ContactCard contacts={contacts} /> : undefined },
    <>
      <RequestSection id="callback" form={callback} />
      <RequestSection id="consultation" form={consultation} />
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
  if (kind === "wholesale") return routePath("wholesale", { query: { sent: "wholesale" }, hash: "wholesale-request" });
  if (kind === "partnership")
    return routePath("partnership", { query: { sent: "partnership" }, hash: "partnership-request" });
  return routePath("contacts", { query: { sent: kind }, hash: kind });
}

export const contactsPage = (c: Context<AppEnv>): Promise<Response> => renderContacts(c);
export const wholesalePage = (c: Context<AppEnv>): Promise<Response> => renderWholesale(c);
export const partnershipPage = (c: Context<AppEnv>): Promise<Response> => renderPartnership(c);
