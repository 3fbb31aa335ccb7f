import type { Context } from "hono";
import type { ReactNode } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { text } from "../../shared/text";
import type { AppEnv } from "../app-env";
import { buildInfo } from "../builds/build-info";
import { loadHeaderState } from "../content/header-state";
import { loadLayoutData } from "../content/layout-data";
import { Document } from "./document";

export interface PageContent {
  title: string;
  description?: string;
  status?: 200 | 404 | 500;
  head?: ReactNode;
  searchQuery?: string;
  body: ReactNode;
  /**
   * The body holds <Suspense> parts waiting on slow data: stream the shell
   * first. Pages whose data is all awaited render to a string, which costs
   * a fraction of a stream on workerd (see README, performance).
   */
  stream?: boolean;
}

export type RenderMode = "auto" | "stream" | "string";

function renderMode(env: Env, page: PageContent): "stream" | "string" {
  const configured = (env.RENDER_MODE || "auto") as RenderMode;
  if (configured === "stream" || configured === "string") return configured;
  return page.stream ? "stream" : "string";
}

const HTML_HEADERS = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache" };

const BOT = /bot|crawler|spider|crawling|facebookexternalhit|slurp|lighthouse/i;

/**
 * Renders a page inside the layout and streams it: the head and the shell go
 * out as soon as they are ready, data under <Suspense> follows. Crawlers get
 * the whole document at once. Errors after the shell is sent are logged and
 * React's client-side fallback takes the boundary.
 */
export async function renderPage(c: Context<AppEnv>, page: PageContent): Promise<Response> {
  const [layout, header] = await Promise.all([loadLayoutData(c), loadHeaderState(c)]);
  let status = page.status ?? 200;
  const document = (
    <Document
      title={page.title === text.tagline ? page.title : `${page.title} | ${layout.contacts?.company ?? text.tagline}`}
      description={page.description ?? text.description}
      nonce={c.get("nonce")}
      buildId={buildInfo(c.env).id}
      layout={layout}
      counts={header.counts}
      user={header.user}
      head={page.head}
      searchQuery={page.searchQuery}
    >
      {page.body}
    </Document>
  );
  if (renderMode(c.env, page) === "string") {
    return new Response(`<!DOCTYPE html>${renderToString(document)}`, { status, headers: HTML_HEADERS });
  }
  const stream = await renderToReadableStream(document, {
    nonce: c.get("nonce"),
    signal: c.req.raw.signal,
    onError(error) {
      status = 500;
      console.error("Error in app:", error);
    },
  });
  if (BOT.test(c.req.header("user-agent") ?? "")) await stream.allReady;
  return new Response(stream, { status, headers: HTML_HEADERS });
}
