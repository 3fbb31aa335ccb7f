import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { customer, productSlugs } from "./support/shop-fixtures";

/**
 * An address in Arabic (shared/address-words.ts): the emirate by its Arabic name, the parts joined by
 * the Arabic comma, the street and city as typed (isolated: <bdi> on the page, Unicode isolates in the
 * e-mail's text), on the Arabic order page, in the Arabic e-mail and its WhatsApp text; English as before.
 */
async function placeOrder(prefix: "" | "/ar") {
  const shopper = new Browser();
  const [slug] = await productSlugs("in_stock", 1);
  expect((await shopper.post(`${prefix}/cart/add`, { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
  const email = `address.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  const res = await shopper.post(
    `${prefix}/cart/order`,
    { idempotencyKey: crypto.randomUUID(), ...customer, region: "Sharjah", email },
    { from: null },
  );
  expect(res.status).toBe(303);
  const page = (await (await shopper.get(res.headers.get("location")!)).text()).replaceAll("<!-- -->", "");
  await drawMail();
  const mail = await env.DB.prepare("SELECT body_text FROM outbox WHERE recipient = ?1 ORDER BY id LIMIT 1")
    .bind(email)
    .first<{ body_text: string }>();
  return { page, mail: mail!.body_text };
}

const FSI = "\u2068";
const PDI = "\u2069";

describe("the delivery address in the order's language", () => {
  it("names the emirate in Arabic and joins the parts with the Arabic comma on the page and in the e-mail", async () => {
    const { page, mail } = await placeOrder("/ar");
    expect(page).toContain("<bdi>Villa 12, Al Wasl Road</bdi>، <bdi>Dubai</bdi>، الشارقة");
    expect(page).not.toMatch(/Dubai<\/bdi>, Sharjah|, Sharjah/);
    expect(mail).toContain(`${FSI}Villa 12, Al Wasl Road${PDI}، ${FSI}Dubai${PDI}، الشارقة`);
    expect(mail).not.toContain("Sharjah");
    // The page's WhatsApp confirmation (a cash order) says it the same way.
    const whatsapp = page.match(/href="(https:\/\/wa\.me\/\d+\?text=[^"]+)"/)?.[1] ?? "";
    expect(decodeURIComponent(whatsapp)).toContain("Villa 12, Al Wasl Road، Dubai، الشارقة");
  });

  it("keeps English as it was", async () => {
    const { page, mail } = await placeOrder("");
    expect(page).toContain("<bdi>Villa 12, Al Wasl Road</bdi>, <bdi>Dubai</bdi>, Sharjah");
    expect(mail).toContain("Villa 12, Al Wasl Road, Dubai, Sharjah");
  });
});
