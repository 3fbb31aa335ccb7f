import type { Context } from "hono";
import type { ReactNode } from "react";
import { Icon } from "../../../client/components/icons";
import type { Contacts } from "../../../shared/types/cms";
import type { AppEnv } from "../../platform/app-env";
import { getPage } from "../../platform/cms-client/content-records";
import { getContacts } from "../../platform/layout/layout-data";
import { renderPage } from "../../platform/render/render-page";
import { RichText } from "../../platform/render/sanitize-html";
import { Breadcrumbs } from "../../platform/ui/breadcrumbs";
import { renderNotFound } from "../../platform/ui/not-found";

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

export function ContactCard({ contacts }: { contacts: Contacts }) {
  const phones = [contacts.phone, contacts.phoneSecondary].filter((p): p is string => Boolean(p));
  const socials: [string | null, string][] = [
    [contacts.instagram, "Instagram"],
    [contacts.facebook, "Facebook"],
    [contacts.youtube, "YouTube"],
  ];
  return (
    <aside className="summary-card contact-card" aria-label="How to reach us">
      <h2>Reach us</h2>
      <ul className="contact-list">
        {phones.map((phone) => (
          <li key={phone}>
            <Icon name="phone" size={18} /> <a href={`tel:${phone.replace(/[^+\d]/g, "")}`}>{phone}</a>
          </li>
        ))}
        <li>
          <Icon name="mail" size={18} /> <a href={`mailto:${contacts.email}`}>{contacts.email}</a>
        </li>
        {contacts.whatsapp && (
          <li>
            <Icon name="whatsapp" size={18} />{" "}
            <a href={contacts.whatsapp} rel="noopener" target="_blank">
              WhatsApp
            </a>
          </li>
        )}
        {contacts.telegram && (
          <li>
            <Icon name="telegram" size={18} />{" "}
            <a href={contacts.telegram} rel="noopener" target="_blank">
              Telegram
            </a>
          </li>
        )}
      </ul>
      <h3>Opening hours</h3>
      <p>Every day, 10:00–22:00 (Gulf Standard Time)</p>
      <p>
        <a href="https://www.openstreetmap.org/search?query=Dubai%20Hills%20Mall" rel="noopener" target="_blank">
          Dubai Hills Mall on the map
        </a>
      </p>
      <ul className="contact-list contact-list--inline">
        {socials
          .filter(([href]) => href)
          .map(([href, label]) => (
            <li key={label}>
              <a href={href!} rel="noopener" target="_blank">
                {label}
              </a>
            </li>
          ))}
      </ul>
    </aside>
  );
}

/** /contacts: the CMS page plus the contacts record. */
export async function contactsPage(c: Context<AppEnv>): Promise<Response> {
  const contacts = await getContacts(c, c.get("locale"));
  return renderCmsPage(c, contacts ? <ContactCard contacts={contacts} /> : undefined);
}
