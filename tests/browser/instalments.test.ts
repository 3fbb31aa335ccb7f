import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { FAKE_KEYS, FakeInstalments, tamaraToken } from "../worker/support/fake-instalments";
import { addFirstFromCategory } from "./checkout-steps";
import { expectAccessible, launchBrowser, PHONE } from "./harness";
import { startTestShop, type TestShop } from "./shop";

/**
 * Paying in four in Chromium (decision 0119): a shop with Tabby and Tamara configured against local
 * fakes of both (their APIs and their hosted pages, served here over HTTP) offers exactly the methods
 * it has, and an order paid on a provider's page comes back paid, the provider's notification proved
 * the way the real one is.
 */
let browser: Browser;
let shop: TestShop;
let server: Server;
let fake: FakeInstalments;
const PAGES = "https://pay.fake";

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
  });
}

/** The providers' hosted pages (https://pay.fake/page/{provider}/{id}): "Pay" approves the payment, tells the shop as the provider would, and goes back. */
async function hostedPage(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const [, , provider, id, action] = path.split("/");
  const payment = fake.payments.get(id ?? "");
  if (!payment) return { status: 404, headers: {}, body: "No such payment" };
  if (method === "GET") {
    const html = `<!doctype html><html lang="en"><title>${provider}</title><main><h1>Pay with ${provider}</h1>
      <form method="post" action="/page/${provider}/${id}/pay"><button>Pay in 4</button></form></main></html>`;
    return { status: 200, headers: { "content-type": "text/html" }, body: html };
  }
  if (action !== "pay") return { status: 405, headers: {}, body: "" };
  if (provider === "tabby") {
    fake.decide(payment.id, "AUTHORIZED");
    await fetch(`${shop.url}/api/payments/tabby/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: payment.id, status: "authorized" }),
    });
  } else {
    fake.decide(payment.id, "approved");
    const token = await tamaraToken(FAKE_KEYS.TAMARA_NOTIFICATION_TOKEN);
    await fetch(`${payment.urls.notification}?tamaraToken=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        order_id: payment.id,
        order_reference_id: payment.orderNumber,
        event_type: "order_approved",
      }),
    });
  }
  return { status: 303, headers: { location: payment.urls.success }, body: "" };
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const path = request.url ?? "/";
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await bodyOf(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === "string") headers.set(name, value);
    const answer = await fake.handle(new Request(`${origin}${path}`, { method: request.method, headers, body }));
    response.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The hosted pages on an https origin the checkout's CSP lets a form go to (form-action 'self' https:),
  // answered by the browser context's route below; the APIs on the local server, which the shop calls.
  fake = new FakeInstalments(`${PAGES}/page`, { tabby: `${origin}/tabby`, tamara: `${origin}/tamara` });
  [browser, shop] = await Promise.all([
    launchBrowser(),
    startTestShop({ ...FAKE_KEYS, TABBY_API_BASE: `${origin}/tabby`, TAMARA_API_BASE: `${origin}/tamara` }),
  ]);
  // Every product at AED 239 in this shop of its own: one in the bag is within both providers' limits.
  await shop.execute("UPDATE cms_products SET price = 239, old_price = NULL");
});
afterAll(async () => {
  await browser?.close();
  await shop?.dispose();
  await new Promise((resolve) => server?.close(resolve));
});

async function bagOfOne(): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: shop.url });
  await context.route(`${PAGES}/**`, async (route) => {
    const request = route.request();
    const answer = await hostedPage(request.method(), new URL(request.url()).pathname);
    await route.fulfill({ status: answer.status, headers: answer.headers, body: answer.body });
  });
  const page = await context.newPage();
  await addFirstFromCategory(page, "/catalog/skincare", en);
  return page;
}

async function fillDetails(page: Page): Promise<void> {
  const labels = en.checkout.labels;
  await page.getByRole("radio", { name: en.checkout.delivery.pickup }).check();
  await page.getByLabel(labels.firstName, { exact: false }).first().fill("Mariam");
  await page.getByLabel(labels.lastName, { exact: false }).first().fill("Al Suwaidi");
  await page
    .getByLabel(labels.email, { exact: false })
    .first()
    .fill(`pay4.${crypto.randomUUID().slice(0, 8)}@example.ae`);
  await page.getByLabel(labels.phone, { exact: false }).first().fill("050 123 4567");
  await page.getByRole("checkbox", { name: en.checkout.consent }).check();
}

describe("paying in four", () => {
  it("the bag says what four payments come to, and the checkout offers exactly the configured ways to pay", async () => {
    const page = await bagOfOne();
    await page.goto("/cart");
    // AED 239 and the delivery estimate, in four.
    await page.getByText(/^Or 4 payments of AED \d+\.\d\d with Tabby or Tamara$/).waitFor();
    await page.goto("/cart/order");
    const radios = page.locator('input[type="radio"][name="payment"]');
    await radios.first().waitFor();
    const offered = await radios.evaluateAll((inputs) =>
      (inputs as HTMLInputElement[]).map((input) => `${input.value}${input.disabled ? " (disabled)" : ""}`),
    );
    // No card keys in this shop: the card is shown, but cannot be chosen.
    expect(offered).toEqual(["cash", "online (disabled)", "tabby", "tamara"]);
    await page.getByRole("radio", { name: new RegExp(`^${en.checkout.payment.tabby}`) }).waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it("the product page's four payments follow the shade picked in place, as its price does", async () => {
    const product = "/catalog/makeup/velvet-hue-eyes-long-wear-foundation";
    const context = await browser.newContext({ viewport: PHONE, baseURL: shop.url });
    const page = await context.newPage();
    await page.goto(product);
    // The shades in stock: a pick among them happens in place (a sold-out one loads its own page).
    const hrefs = await page
      .locator(".variant-picker a:not(.variant-option--out)")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const skus = hrefs.map((href) => new URL(href, shop.url).searchParams.get("variant")!);
    expect(skus.length).toBeGreaterThanOrEqual(3);
    // Three of them at three prices: within both providers' limits, Tabby's only, and neither's.
    for (const [sku, price] of [
      [skus[0]!, 200],
      [skus[1]!, 80],
      [skus[2]!, 20],
    ] as const) {
      await shop.execute("UPDATE cms_product_variants SET price = ?2 WHERE sku = ?1", sku, price);
    }
    await shop.moveContentVersion();
    await page.goto(`${product}?variant=${encodeURIComponent(skus[0]!)}`);
    const line = page.locator(".product-details .instalment-line");
    await expect.poll(() => line.textContent()).toBe("Or 4 payments of AED 50.00 with Tabby or Tamara");
    const island = page.locator("[data-island='variant-picker']");
    await island.hover();
    await page.waitForFunction((el) => el?.getAttribute("data-hydrated") === "true", await island.elementHandle());
    // Picked in place (no new page): the marker set on this page survives the picks.
    await page.evaluate(() => {
      (window as unknown as { picked: boolean }).picked = true;
    });
    await page.locator(`.variant-picker a[href="${hrefs[1]}"]`).click();
    await page.waitForURL(new RegExp(`variant=${encodeURIComponent(skus[1]!)}`));
    await expect.poll(() => line.textContent()).toBe("Or 4 payments of AED 20.00 with Tabby");
    expect(await line.isVisible()).toBe(true);
    await page.locator(`.variant-picker a[href="${hrefs[2]}"]`).click();
    await expect.poll(() => line.isHidden()).toBe(true);
    await page.locator(`.variant-picker a[href="${hrefs[0]}"]`).click();
    await expect.poll(() => line.textContent()).toBe("Or 4 payments of AED 50.00 with Tabby or Tamara");
    expect(await line.isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { picked?: boolean }).picked)).toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  for (const provider of ["tabby", "tamara"] as const) {
    it(`places the order, pays it on ${provider}'s page and comes back to it paid`, async () => {
      const page = await bagOfOne();
      await page.goto("/cart/order");
      await fillDetails(page);
      await page.getByRole("radio", { name: new RegExp(`^${en.checkout.payment[provider]}`) }).check();
      await page.getByRole("button", { name: new RegExp(`^${en.checkout.placeOrder.split("·")[0]!.trim()}`) }).click();
      await page.getByRole("heading", { name: `Pay with ${provider}` }).waitFor();
      const payment = [...fake.payments.values()].at(-1)!;
      expect(payment.provider).toBe(provider);
      expect(payment.amount).toBe(239_00);
      await page.getByRole("button", { name: "Pay in 4" }).click();
      await page.getByText(en.orders.now.paid).waitFor();
      expect(page.url()).toContain(`/cart/order/${payment.orderNumber}`);
      await expectAccessible(page);
      await page.context().close();
    });
  }
});
