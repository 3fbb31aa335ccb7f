/**
 * A browser without JavaScript, as far as the shop can tell: plain GETs and form posts to the
 * shop at `shop`, with the cookies it sets kept (and dropped when it expires them).
 */
export class ShopJar {
  readonly cookies = new Map<string, string>();
  constructor(readonly shop: string) {}

  async send(path: string, form?: Record<string, string>): Promise<Response> {
    const res = await fetch(`${this.shop}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(form ? { origin: this.shop, "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  copy(): ShopJar {
    const other = new ShopJar(this.shop);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  async signedIn(): Promise<boolean> {
    const res = await this.send("/user");
    return res.status === 200 && (await res.text()).includes("Sign out");
  }
}

/** A cash order's checkout form, delivered in Dubai, as a shopper fills it in; `who` names the shopper. */
export function checkoutForm(who: { firstName: string; lastName: string; email: string }): Record<string, string> {
  return {
    ...who,
    phone: "050 555 0199",
    delivery: "transport",
    address: "Villa 7, Al Wasl Road",
    city: "Dubai",
    region: "Dubai",
    postcode: "",
    notes: "",
    payment: "cash",
    consent: "on",
    idempotencyKey: crypto.randomUUID(),
  };
}
