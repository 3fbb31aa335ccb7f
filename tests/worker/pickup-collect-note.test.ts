import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * Where and when to collect a pickup order (worker/screens/cart/order-next-steps.tsx): what staff wrote
 * when they marked it "Ready for collection" is on the shopper's order page under that status, as on
 * the e-mail: escaped, isolated, by the guest's browser and by the e-mail's link alike.
 */
async function readyPickupOrder(place: string) {
  const [slug] = await productSlugs();
  const guest = new Browser();
  expect((await guest.post("/ar/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
  const email = `collect.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  const res = await guest.post(
    "/ar/cart/order",
    { ...customer, email, delivery: "pickup", address: "", city: "", region: "", idempotencyKey: crypto.randomUUID() },
    { from: null },
  );
  expect(res.status).toBe(303);
  const page = res.headers.get("location")!;
  const number = page.split("/").pop()!.split("?")[0]!;
  const { browser } = await signedIn("staff");
  const steps: Record<string, string>[] = [{ action: "confirm" }, { action: "ready", collectAt: place }];
  for (const fields of steps) {
    const { version } = (await env.DB.prepare("SELECT version FROM orders WHERE number = ?1")
      .bind(number)
      .first<{ version: number }>())!;
    const post = await browser.post(`/staff/orders/${number}`, { version: String(version), ...fields }, { from: null });
    expect(post.status).toBe(303);
  }
  return { guest, page, email };
}

describe("a pickup order ready for collection, on the shopper's page", () => {
  it("says where and when under the status, escaped and isolated, in the guest's browser and by the e-mail's link", async () => {
    const place = "Tomorrow 10:00-18:00, Dubai Mall store <b>Gate 3</b> & upstairs";
    const { guest, page, email } = await readyPickupOrder(place);
    const escaped = "Tomorrow 10:00-18:00, Dubai Mall store &lt;b&gt;Gate 3&lt;/b&gt; &amp; upstairs";
    const own = (await (await guest.get(page)).text()).replaceAll("<!-- -->", "");
    expect(own).toContain("طلبك جاهز للاستلام: أحضر رقم طلبك معك.");
    expect(own).toContain(`<li>مكان الاستلام وموعده: <bdi>${escaped}</bdi></li>`);
    expect(own).not.toContain("<b>Gate 3</b>");

    // The ready e-mail's link opens the same page for anyone holding it (the order lookup's way in too).
    const { results } = await env.DB.prepare("SELECT body_text FROM outbox WHERE recipient = ?1 ORDER BY id")
      .bind(email)
      .all<{ body_text: string }>();
    const link = results
      .at(-1)!
      .body_text.match(/https?:\/\/[^\s\u2069]+\/cart\/order\/[^\s\u2069]+key=[^\s\u2069]+/)?.[0];
    expect(link).toBeDefined();
    const byKey = (await (await new Browser().get(new URL(link!).pathname + new URL(link!).search)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(byKey).toContain(`مكان الاستلام وموعده: <bdi>${escaped}</bdi>`);
  });
});
