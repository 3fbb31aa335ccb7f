import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bumpContentVersion } from "../../worker/platform/caches/versions";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";
import { customer as checkoutCustomer, productSlugs } from "./support/shop-fixtures";

const customer = { ...checkoutCustomer, notes: "Please call before delivery" };

async function shopperWithBag(): Promise<{ shopper: Browser; slugs: string[] }> {
  const shopper = new Browser();
  await shopper.get("/catalog/skincare");
  const slugs = await productSlugs("in_stock");
  for (const slug of slugs) {
    const res = await shopper.post("/cart/add", { slug, quantity: "2" }, { from: null });
    expect(res.status).toBe(303);
  }
  return { shopper, slugs };
}

describe("the bag", () => {
  it("adds, updates and removes lines with form posts, and counts them in the header", async () => {
    const { shopper, slugs } = await shopperWithBag();
    let html = await (await shopper.get("/cart")).text();
    expect(html).toContain("Proceed to checkout");
    expect(html).toContain("VAT 5% (included)");
    expect(html).toContain("final delivery cost may be calculated by a manager");
    expect(html).toMatch(/Bag, 4 items/);
    await shopper.post("/cart/update", { slug: slugs[0], quantity: "5" }, { from: null });
    html = await (await shopper.get("/cart")).text();
    expect(html).toMatch(/Bag, 7 items/);
    await shopper.post("/cart/remove", { slug: slugs[1] }, { from: null });
    html = await (await shopper.get("/cart")).text();
    expect(html).toMatch(/Bag, 5 items/);
  });

  it("says how much more the bag needs for free delivery, and when it ships free", async () => {
    const shopper = new Browser();
    const [slug] = await productSlugs("in_stock", 1);
    await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
    const html = (await (await shopper.get("/cart")).text()).replaceAll("&nbsp;", " ");
    const subtotal = Number(html.match(/Subtotal<\/dt><dd>AED ([\d,.]+)/)?.[1]?.replaceAll(",", ""));
    const left = (300 - subtotal).toFixed(2);
    expect(html).toContain(`Add AED ${left} more for free delivery.`);
    await shopper.post(
      "/cart/update",
      { slug: slug!, variant: "", quantity: String(Math.ceil(300 / subtotal)) },
      { from: null },
    );
    expect(await (await shopper.get("/cart")).text()).toContain("Your order ships free.");
  });

  it("refuses a quantity over 99 with a message, and answers JSON for islands", async () => {
    const { shopper, slugs } = await shopperWithBag();
    const res = await shopper.post(
      "/cart/update",
      { slug: slugs[0], quantity: "100" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      ok: false,
      field: "quantity",
      message: "You can order at most 99 of one product.",
    });
  });

  it("answers an island's first add with the new bag count", async () => {
    const shopper = new Browser();
    await shopper.get("/catalog/skincare");
    const [slug] = await productSlugs("in_stock", 1);
    const res = await shopper.post(
      "/cart/add",
      { slug, quantity: "3" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, count: 3 });
  });

  it("won't add an out-of-stock product", async () => {
    const shopper = new Browser();
    await shopper.get("/catalog/skincare");
    const [slug] = await productSlugs("out_of_stock", 1);
    const res = await shopper.post(
      "/cart/add",
      { slug, quantity: "1" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(res.status).toBe(422);
    expect((await res.json<{ message: string }>()).message).toContain("Out of stock");
  });

  it("refuses a bag post from another site with a message", async () => {
    const shopper = new Browser();
    await shopper.get("/catalog/skincare");
    const [slug] = await productSlugs("in_stock", 1);
    const res = await shopper.post("/cart/add", { slug }, { from: null, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("sent from another site");
    expect((await shopper.get("/cart")).headers.get("content-type")).toContain("text/html");
    expect(await (await shopper.get("/cart")).text()).toMatch(/Bag, 0 items/);
  });

  it("shows a price change before the shopper pays", async () => {
    const { shopper, slugs } = await shopperWithBag();
    await env.DB.prepare("UPDATE cms_products SET price = price + 15 WHERE slug = ?1").bind(slugs[0]).run();
    await bumpContentVersion(env.CMS_CACHE);
    try {
      const html = await (await shopper.get("/cart")).text();
      expect(html).toContain("Some prices or availability changed since you added them");
      expect(html).toMatch(/Price changed from AED/);
    } finally {
      await env.DB.prepare("UPDATE cms_products SET price = price - 15 WHERE slug = ?1").bind(slugs[0]).run();
      await bumpContentVersion(env.CMS_CACHE);
    }
  });

  it("prices an order from the CMS itself, even when the webhook never said the price changed", async () => {
    const { shopper, slugs } = await shopperWithBag();
    await shopper.get("/cart");
    await env.DB.prepare("UPDATE cms_products SET price = price + 15 WHERE slug = ?1").bind(slugs[0]).run();
    try {
      const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
      const res = await shopper.post(
        "/cart/order",
        { idempotencyKey: crypto.randomUUID(), ...customer },
        { from: null },
      );
      expect(res.status).toBe(422);
      expect(await res.text()).toContain("Some prices or availability changed");
      const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
      expect(after?.n).toBe(before?.n);
    } finally {
      await env.DB.prepare("UPDATE cms_products SET price = price - 15 WHERE slug = ?1").bind(slugs[0]).run();
    }
  });
});

describe("checkout", () => {
  it("shows each validation error beside its field and keeps what was typed", async () => {
    const { shopper } = await shopperWithBag();
    const res = await shopper.post(
      "/cart/order",
      {
        ...customer,
        email: "mariam@",
        address: "",
        consent: "",
      },
      { from: null },
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("This e-mail doesn&#x27;t look right");
    expect(html).toContain("Please enter the delivery address.");
    expect(html).toContain("Please accept the privacy policy to place the order.");
    expect(html).toContain('value="Mariam"');
    expect(html).toContain('aria-invalid="true"');
  });

  it("places exactly one order for concurrent duplicate posts, empties the bag and queues two e-mails", async () => {
    const { shopper } = await shopperWithBag();
    const key = crypto.randomUUID();
    const form = { idempotencyKey: key, ...customer };
    const answers = await Promise.all([
      shopper.post("/cart/order", form, { from: null }),
      shopper.post("/cart/order", form, { from: null }),
      shopper.post("/cart/order", form, { from: null }),
    ]);
    const locations = answers.map((r) => r.headers.get("location"));
    expect(answers.every((r) => r.status === 303)).toBe(true);
    expect(new Set(locations).size).toBe(1);
    const { results } = await env.DB.prepare("SELECT id, number, status, total FROM orders WHERE idempotency_key = ?1")
      .bind(key)
      .all<{ id: number; number: string; status: string; total: number }>();
    expect(results).toHaveLength(1);
    expect(locations[0]).toBe(`/cart/order/${results[0].number}`);
    expect(results[0].status).toBe("new");
    const lines = await env.DB.prepare("SELECT COUNT(*) AS n FROM order_lines WHERE order_id = ?1")
      .bind(results[0].id)
      .first<{ n: number }>();
    expect(lines?.n).toBe(2);
    const mails = await env.DB.prepare("SELECT recipient, kind FROM outbox WHERE subject LIKE ?1")
      .bind(`%${results[0].number}%`)
      .all<{ recipient: string; kind: string }>();
    expect(mails.results.map((m) => m.kind).sort()).toEqual(["order-confirmation", "order-received"]);
    expect(mails.results.find((m) => m.kind === "order-received")?.recipient).toBe("orders@noorbeauty.ae");
    const bag = await (await shopper.get("/cart")).text();
    expect(bag).toContain("Your bag is empty.");
    const confirmation = await shopper.get(locations[0]!);
    expect(confirmation.status).toBe(200);
    const page = await confirmation.text();
    expect(page).toContain(results[0].number);
    expect(page).toContain("What happens next");
  });

  it("says what happens next as the order stands: a shipped or cancelled order is not checked and confirmed again", async () => {
    const { shopper } = await shopperWithBag();
    const res = await shopper.post("/cart/order", { idempotencyKey: crypto.randomUUID(), ...customer }, { from: null });
    const location = res.headers.get("location")!;
    const number = location.split("/").pop()!;
    const page = async () => (await (await shopper.get(location)).text()).replaceAll("&#x27;", "'");
    expect(await page()).toContain("Our team checks your order and calls you on");
    const set = (status: string) =>
      env.DB.prepare("UPDATE orders SET status = ?2 WHERE number = ?1").bind(number, status).run();
    await set("shipped");
    const shipped = await page();
    expect(shipped).toContain("Your order is on its way");
    expect(shipped).not.toContain("calls you on");
    await set("cancelled");
    const cancelled = await page();
    expect(cancelled).toContain("This order is cancelled");
    expect(cancelled).not.toContain("Your order is placed");
  });

  it("never shows one shopper's order to another", async () => {
    const { shopper } = await shopperWithBag();
    const res = await shopper.post("/cart/order", { idempotencyKey: crypto.randomUUID(), ...customer }, { from: null });
    const location = res.headers.get("location")!;
    expect((await shopper.get(location)).status).toBe(200);
    const stranger = new Browser();
    expect((await stranger.get(location)).status).toBe(404);
    expect((await fetchWorker(location)).status).toBe(404);
  });

  it("offers card payment only when it is configured, and says why not", async () => {
    const { shopper } = await shopperWithBag();
    const html = await (await shopper.get("/cart/order")).text();
    expect(html).toContain("Card payment is not available at the moment.");
    const res = await shopper.post("/cart/order", { ...customer, payment: "online" }, { from: null });
    expect(res.status).toBe(422);
  });

  it("sends an empty bag back to the bag page", async () => {
    const shopper = new Browser();
    expect((await shopper.get("/cart/order")).status).toBe(302);
  });
});
