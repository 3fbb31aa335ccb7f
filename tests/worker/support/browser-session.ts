import { fetchWorker } from "../fetch";

/** How a request reaches the shop: the worker as the edge runs it, or the app with other bindings. */
export type Send = (path: string, init: RequestInit) => Promise<Response>;

/**
 * The tests' one cookie jar: it keeps cookies between requests and sends forms from
 * their page with the site's Origin and its own address, as a browser would.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  ip = `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  /** `send`: fetchWorker by default; appRequest with bindings of the test's choosing otherwise. */
  constructor(private readonly send: Send = fetchWorker) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * Opens a page and reads it to the end, as a browser does. A page left unread holds its render
   * lock (frame/shells/render-lock.ts) until its kept copy, a tee of what the shopper reads, is
   * whole: the next ask for that page in this isolate waited up to five seconds for it.
   */
  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await this.send(path, { headers: this.headers(headers) });
    this.remember(res);
    return new Response(await res.arrayBuffer(), res);
  }

  /** This browser's cookies and address, then the test's own headers (which win, whatever their case). */
  private headers(extra: Record<string, string>, base: Record<string, string> = {}): Headers {
    const headers = new Headers({ ...base, cookie: this.cookieHeader(), "cf-connecting-ip": this.ip });
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return headers;
  }

  /**
   * Posts a form as a browser does: from the page that shows it (opened first for its cookies
   * and flash; `from: null` posts without opening a page), with the site's Origin.
   */
  async post(
    path: string,
    fields: Record<string, string>,
    {
      from = "/user/login",
      origin = "https://shop.example",
      headers = {},
    }: { from?: string | null; origin?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    if (from !== null) await this.get(from);
    const res = await this.send(path, {
      method: "POST",
      headers: this.headers(headers, { "content-type": "application/x-www-form-urlencoded", origin }),
      body: new URLSearchParams(fields),
    });
    this.remember(res);
    return res;
  }

  async postMultipart(path: string, form: FormData, from: string): Promise<Response> {
    await this.get(from);
    const res = await this.send(path, {
      method: "POST",
      headers: { cookie: this.cookieHeader(), origin: "https://shop.example", "cf-connecting-ip": this.ip },
      body: form,
    });
    this.remember(res);
    return res;
  }
}
