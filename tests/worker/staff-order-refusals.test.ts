import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * A refused cancel on `/staff/orders/{number}` (worker/screens/staff/orders/staff-order.tsx): unticked,
 * nothing is done, and the page keeps the reason typed and says why beside the "Yes, cancel" box.
 */
async function placedOrder() {
  const [slug] = await productSlugs();
  const guest = new Browser();
  expect((await guest.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
  const email = `guest.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  const res = await guest.post(
    "/cart/order",
    { ...customer, email, idempotencyKey: crypto.randomUUID() },
    { from: null },
  );
  expect(res.status).toBe(303);
  return res.headers.get("location")!.split("/").pop()!;
}

async function orderRow(number: string) {
  return env.DB.prepare("SELECT status, version FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ status: string; version: number }>();
}

describe("a cancel without the tick", () => {
  it("does nothing, keeps the reason typed and puts the refusal beside the box, which takes focus", async () => {
    const number = await placedOrder();
    const { browser } = await signedIn("staff");
    const version = String((await orderRow(number))!.version);
    const reason = "Out of stock <b>& the supplier</b> cannot send more";
    const res = await browser.post(`/staff/orders/${number}`, { version, action: "cancel", reason }, { from: null });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect((await orderRow(number))!.status).toBe("new");
    // The reason, escaped, stays in the cancel form's textarea.
    expect(html).toMatch(
      /<textarea[^>]*name="reason"[^>]*>Out of stock &lt;b&gt;&amp; the supplier&lt;\/b&gt; cannot send more<\/textarea>/,
    );
    expect(html).not.toContain("<b>& the supplier");
    // The box is invalid, described by the refusal right after it, and focused; no second copy at the top.
    const box = html.match(/<input type="checkbox" id="cancel-confirmed"[^>]*>/)?.[0] ?? "";
    expect(box).toContain('aria-invalid="true"');
    expect(box).toContain('aria-describedby="cancel-confirmed-error"');
    expect(box).toMatch(/autofocus/i);
    expect(html).toMatch(
      /<\/label><p class="field-error" id="cancel-confirmed-error"><span>Nothing was done: tick “Yes, cancel this order: the shopper is e-mailed” to go ahead\.<\/span><\/p>/,
    );
    expect(html.split("Nothing was done").length - 1).toBe(1);
  });
});
