/**
 * Tabby's and Tamara's HTTP APIs, played locally for the tests (workerd's through a stubbed fetch,
 * the browser suite's as a real HTTP server): each checks what the real one would (its key, a known
 * payment, a status that allows the call) and keeps what it was asked. Nothing here imports the
 * shop's code, so a mistake shared by the adapter and this fake cannot pass unseen in both places.
 */
export const TABBY_BASE = "https://tabby.fake";
export const TAMARA_BASE = "https://tamara.fake";
export const FAKE_KEYS = {
  TABBY_PUBLIC_KEY: "pk_test_fake_tabby",
  TABBY_SECRET_KEY: "sk_test_fake_tabby",
  TABBY_MERCHANT_CODE: "noor-ae",
  TAMARA_API_TOKEN: "tamara-api-token-fake",
  TAMARA_NOTIFICATION_TOKEN: "tamara-notification-token-fake-0123456789",
};

export interface FakePayment {
  id: string;
  provider: "tabby" | "tamara";
  /** Tabby: CREATED, AUTHORIZED, REJECTED, EXPIRED, CLOSED; Tamara: new, approved, declined, expired, canceled, authorised, fully_captured. */
  status: string;
  orderNumber: string;
  amount: number;
  urls: { success: string; cancel: string; failure: string; notification?: string };
  captures: unknown[];
  refunds: unknown[];
  closed: boolean;
  sent: Record<string, unknown>;
}

export interface FakeCall {
  method: string;
  path: string;
  authorization: string | null;
  body: Record<string, unknown> | null;
}

export class FakeInstalments {
  readonly payments = new Map<string, FakePayment>();
  readonly calls: FakeCall[] = [];
  /** How many of the next calls of a kind answer 503 (a provider having a bad minute). */
  readonly failNext = { capture: 0, authorise: 0, refund: 0 };

  /** `pageBase`: where its "hosted pages" are; `bases`: where its APIs answer (the tests' fetch, or a real server). */
  constructor(
    private readonly pageBase = "https://pay.fake",
    private readonly bases = { tabby: TABBY_BASE, tamara: TAMARA_BASE },
  ) {}

  /** The payment a shop's session made, by the order number it was opened for. */
  forOrder(orderNumber: string): FakePayment | undefined {
    return [...this.payments.values()].find((p) => p.orderNumber === orderNumber);
  }

  /** The shopper's decision on the provider's page. */
  decide(id: string, status: string): void {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`No fake payment ${id}`);
    payment.status = status;
  }

  callsTo(pattern: RegExp): FakeCall[] {
    return this.calls.filter((call) => pattern.test(`${call.method} ${call.path}`));
  }

  async handle(request: Request): Promise<Response> {
    const text = request.method === "GET" ? "" : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    const authorization = request.headers.get("authorization");
    const base = request.url.startsWith(this.bases.tabby) ? this.bases.tabby : this.bases.tamara;
    const path = new URL(request.url.slice(base.length) || "/", "https://path.only").pathname;
    this.calls.push({ method: request.method, path, authorization, body });
    if (request.url.startsWith(this.bases.tabby)) return this.tabby(request.method, path, authorization, body);
    if (request.url.startsWith(this.bases.tamara)) return this.tamara(path, authorization, body);
    return Response.json({ error: "unknown host" }, { status: 502 });
  }

  private fail(kind: keyof FakeInstalments["failNext"]): boolean {
    if (this.failNext[kind] <= 0) return false;
    this.failNext[kind]--;
    return true;
  }

  private tabby(method: string, path: string, authorization: string | null, body: Record<string, any> | null) {
    if (method === "POST" && path === "/api/v2/checkout") {
      if (authorization !== `Bearer ${FAKE_KEYS.TABBY_PUBLIC_KEY}`) return Response.json({}, { status: 401 });
      if (body?.merchant_code !== FAKE_KEYS.TABBY_MERCHANT_CODE) return Response.json({}, { status: 400 });
      const id = crypto.randomUUID();
      this.payments.set(id, {
        id,
        provider: "tabby",
        status: "CREATED",
        orderNumber: body.payment.order.reference_id,
        amount: Math.round(Number(body.payment.amount) * 100),
        urls: body.merchant_urls,
        captures: [],
        refunds: [],
        closed: false,
        sent: body,
      });
      return Response.json({
        id: `session-${id}`,
        status: "created",
        payment: { id, status: "CREATED" },
        configuration: { available_products: { installments: [{ web_url: `${this.pageBase}/tabby/${id}` }] } },
      });
    }
    if (authorization !== `Bearer ${FAKE_KEYS.TABBY_SECRET_KEY}`) return Response.json({}, { status: 401 });
    const match = path.match(/^\/api\/v2\/payments\/([\w-]+)(?:\/(captures|refunds|close))?$/);
    const payment = match ? this.payments.get(match[1]!) : undefined;
    if (payment?.provider !== "tabby") return Response.json({ error: "not found" }, { status: 404 });
    const view = () =>
      Response.json({
        id: payment.id,
        status: payment.status,
        amount: (payment.amount / 100).toFixed(2),
        currency: "AED",
        order: { reference_id: payment.orderNumber },
        captures: payment.captures,
        refunds: payment.refunds,
      });
    if (method === "GET" && !match![2]) return view();
    if (match![2] === "captures") {
      if (this.fail("capture")) return Response.json({ error: "busy" }, { status: 503 });
      const known = payment.captures.some((c: any) => c.reference_id === body?.reference_id);
      if (!known) {
        if (payment.status !== "AUTHORIZED") return Response.json({ error: "not authorized" }, { status: 400 });
        payment.captures.push(body);
        payment.status = "CLOSED";
      }
      return view();
    }
    if (match![2] === "refunds") {
      if (this.fail("refund")) return Response.json({ error: "busy" }, { status: 503 });
      if (payment.captures.length === 0) return Response.json({ error: "nothing captured" }, { status: 400 });
      payment.refunds.push(body);
      return view();
    }
    if (match![2] === "close") {
      if (this.fail("refund")) return Response.json({ error: "busy" }, { status: 503 });
      payment.status = "CLOSED";
      payment.closed = true;
      return view();
    }
    return Response.json({}, { status: 405 });
  }

  private tamara(path: string, authorization: string | null, body: Record<string, any> | null) {
    if (authorization !== `Bearer ${FAKE_KEYS.TAMARA_API_TOKEN}`) return Response.json({}, { status: 401 });
    if (path === "/checkout") {
      const id = crypto.randomUUID();
      this.payments.set(id, {
        id,
        provider: "tamara",
        status: "new",
        orderNumber: body?.order_reference_id,
        amount: Math.round(Number(body?.total_amount?.amount) * 100),
        urls: body?.merchant_url,
        captures: [],
        refunds: [],
        closed: false,
        sent: body ?? {},
      });
      return Response.json({
        order_id: id,
        checkout_id: `co-${id}`,
        checkout_url: `${this.pageBase}/tamara/${id}`,
        status: "new",
      });
    }
    const orderId =
      path.match(/^\/orders\/([\w-]+)\/(authorise|cancel)$/)?.[1] ??
      path.match(/^\/payments\/simplified-refund\/([\w-]+)$/)?.[1] ??
      (path === "/payments/capture" ? String(body?.order_id) : "");
    const payment = this.payments.get(orderId);
    if (payment?.provider !== "tamara") return Response.json({ message: "Order not found" }, { status: 404 });
    if (path.endsWith("/authorise")) {
      if (this.fail("authorise")) return Response.json({ message: "busy" }, { status: 503 });
      if (payment.status !== "approved" && payment.status !== "authorised")
        return Response.json({ message: "Order is not approved" }, { status: 409 });
      payment.status = "authorised";
      return Response.json({ order_id: orderId, status: "authorised" });
    }
    if (path === "/payments/capture") {
      if (this.fail("capture")) return Response.json({ message: "busy" }, { status: 503 });
      if (payment.status !== "authorised") return Response.json({ message: "Not authorised" }, { status: 409 });
      payment.captures.push(body);
      payment.status = "fully_captured";
      return Response.json({ capture_id: crypto.randomUUID(), order_id: orderId, status: "fully_captured" });
    }
    if (path.endsWith("/cancel")) {
      if (this.fail("refund")) return Response.json({ message: "busy" }, { status: 503 });
      payment.status = "canceled";
      payment.closed = true;
      return Response.json({ order_id: orderId, status: "canceled" });
    }
    if (this.fail("refund")) return Response.json({ message: "busy" }, { status: 503 });
    payment.refunds.push(body);
    return Response.json({ refund_id: crypto.randomUUID(), order_id: orderId, status: "fully_refunded" });
  }
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * A notification token as Tamara signs one (a JWT, HS256 under the merchant's notification token),
 * made with WebCrypto from the JWT specification (RFC 7519), not with the library the shop verifies with.
 */
export async function tamaraToken(secret: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  const encode = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));
  const head = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ iss: "Tamara", iat: now, exp: now + 3600 })}`;
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(head)));
  return `${head}.${base64url(mac)}`;
}
