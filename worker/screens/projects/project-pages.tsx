import type { Context } from "hono";
import { routePath } from "../../../shared/links";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { pageSiteOf } from "../../frame/head/page-site";
import { socialImage } from "../../frame/head/social-image";
import { textsOf } from "../../frame/i18n/texts";
import { Breadcrumbs } from "../../frame/ui/breadcrumbs";
import { RichText } from "../../frame/ui/sanitize-html";
import type { AppEnv } from "../../platform/app-env";
import { getProject, getProjects } from "../../platform/cms-client/content-records";
import { PostDate } from "../../shop/content/post-card";

/** /projects: what the shop has built, newest first (the spec implies the area; this path is our choice). */
export async function projectsPage(c: Context<AppEnv>): Promise<Response> {
  const projects = await getProjects(c, c.get("locale"));
  const t = textsOf(c);
  const crumbs = [
    { name: t.m.crumbs.home, path: "/" },
    { name: t.m.crumbs.projects, path: routePath("projects") },
  ];
  return renderPage(c, {
    title: t.m.projects.title,
    description: t.m.projects.description,
    // The CMS gave no projects: the notice says so, and the page is a 503 to ask again (decision 0101).
    status: projects ? 200 : 503,
    body: (
      <section className="container page-section">
        <Breadcrumbs items={crumbs} />
        <h1>{t.m.projects.title}</h1>
        {!projects ? (
          <p className="notice notice--info">{t.m.projects.unavailable}</p>
        ) : (
          <ul className="post-grid">
            {projects.map((p, i) => (
              <li key={p.slug}>
                <article className="post-card">
                  {p.image && (
                    <a
                      href={routePath("projects-slug", { slug: p.slug })}
                      tabIndex={-1}
                      aria-label={p.title}
                      className="post-card__image"
                    >
                      <img
                        src={p.image.url}
                        alt=""
                        width={p.image.width ?? 1200}
                        height={p.image.height ?? 675}
                        loading={i < 3 ? "eager" : "lazy"}
                      />
                    </a>
                  )}
                  <div className="post-card__body">
                    <p className="post-card__meta">
                      <PostDate iso={p.publishedAt} />
                    </p>
                    <h2 className="post-card__title">
                      <a href={routePath("projects-slug", { slug: p.slug })}>{p.title}</a>
                    </h2>
                    <p className="muted">{p.excerpt}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    ),
  });
}

/** /projects/{slug}; 404 for an unknown one. */
export async function projectPage(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param("slug") ?? "";
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) return renderNotFound(c);
  const project = await getProject(c, c.get("locale"), slug);
  if (!project) return renderNotFound(c);
  const t = textsOf(c);
  const crumbs = [
    { name: t.m.crumbs.home, path: "/" },
    { name: t.m.crumbs.projects, path: routePath("projects") },
    { name: project.title, path: routePath("projects-slug", { slug: project.slug }) },
  ];
  return renderPage(c, {
    title: project.title,
    description: project.excerpt,
    ogType: "article",
    image: socialImage(pageSiteOf(c), project.image, project.title),
    body: (
      <div className="container page-section">
        <Breadcrumbs items={crumbs} />
        <article className="post">
          <header className="post__head">
            <h1>{project.title}</h1>
            <p className="lead muted">{project.excerpt}</p>
          </header>
          {project.image && (
            <img
              className="post__image"
              src={project.image.url}
              alt=""
              width={project.image.width ?? 1200}
              height={project.image.height ?? 675}
            />
          )}
          <RichText html={project.content} className="rich-text post__content" />
        </article>
      </div>
    ),
  });
}
