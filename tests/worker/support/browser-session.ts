import { fetchWorker } from "../fetch";

/**
 * A tiny cookie jar over fetchWorker: it keeps cookies between requests and
 * sends forms from their page with the site's Origin, as a browser would.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  ip = `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

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

  async get(path: string): Promise<Response> {
    const res = await fetchWorker(path, { headers: { cookie: this.cookieHeader(), "cf-connecting-ip": this.ip } });
    this.remember(res);
    return res;
  }

  async post(
    path: string,
    fields: Record<string, string>,
    { from = "/user/login", origin = "https://shop.example" } = {},
  ): Promise<Response> {
    // A browser posts from the page that shows the form: open it first (cookies, flash), then send it.
    await this.get(from);
    const res = await fetchWorker(path, {
      method: "POST",
      headers: {
        cookie: this.cookieHeader(),
        "content-type": "application/x-www-form-urlencoded",
        origin,
        "cf-connecting-ip": this.ip,
      },
      body: new URLSearchParams(fields),
    });
    this.remember(res);
    return res;
  }

  async postMultipart(path: string, form: FormData, from: string): Promise<Response> {
    await this.get(from);
    const res = await fetchWorker(path, {
      method: "POST",
      headers: { cookie: this.cookieHeader(), origin: "https://shop.example", "cf-connecting-ip": this.ip },
      body: form,
    });
    this.remember(res);
    return res;
  }
}
