import type { Context } from "hono";
import type { ReactNode } from "react";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { getContacts } from "../../frame/layout/layout-data";
import { Breadcrumbs } from "../../frame/ui/breadcrumbs";
import { RichText } from "../../frame/ui/sanitize-html";
import type { AppEnv } from "../../platform/app-env";
import { getPage } from "../../platform/cms-client/content-records";
import { ContactCard } from "../../shop/content/contact-card";

/**
 * Information and legal pages from the CMS's `pages`, chosen by the request
 * path (/company → the "company" page), each with its own title and description.
 */
async function renderCmsPage(c: Context<AppEnv>, aside?: ReactNode): Promise<Response> {
  const slug = c.req.path.replace(/^\//, "");
  const page = await getPage(c, c.get("locale"), slug);
  if (!page) return renderNotFound(c);
  return renderPage(c, {
    title: page.title,
    description: page.description,
    body: (
      <div className="container page-section">
        <Breadcrumbs
          items={[
            { name: "Home", path: "/" },
            { name: page.title, path: `/${slug}` },
          ]}
        />
        <div className={aside ? "info-layout" : "info-layout info-layout--single"}>
          <article className="post">
            <h1>{page.title}</h1>
            <RichText html={page.content} className="rich-text post__content" />
          </article>
          {aside}
        </div>
      </div>
    ),
  });
}

export function infoPage(c: Context<AppEnv>): Promise<Response> {
  return renderCmsPage(c);
}

/** /contacts: the CMS page plus the contacts record. */
export async function contactsPage(c: Context<AppEnv>): Promise<Response> {
  const contacts = await getContacts(c, c.get("locale"));
  return renderCmsPage(c, contacts ? <ContactCard contacts={contacts} /> : undefined);
}
