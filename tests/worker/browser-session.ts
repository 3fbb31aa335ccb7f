import { fetchWorker } from "./fetch";

/**
 * A shopper's browser for workerd tests: keeps cookies between requests and
 * posts forms as a browser would (with this site's Origin).
 */
export class BrowserSession {
  readonly cookies = new Map<string, string>();

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, ...rest] = pair.split("=");
      const value = rest.join("=");
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetchWorker(path, { headers: { Cookie: this.cookieHeader(), ...headers } });
    this.remember(res);
    return res;
  }

  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetchWorker(path, {
      method: "POST",
      headers: {
        Cookie: this.cookieHeader(),
        Origin: "https://shop.example",
        "Content-Type": "application/x-www-form-urlencoded",
        ...headers,
      },
      body: new URLSearchParams(form).toString(),
    });
    this.remember(res);
    return res;
  }
}
