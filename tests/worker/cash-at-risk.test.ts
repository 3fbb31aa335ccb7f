import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LARGE_CASH_ORDER } from "../../shared/cash-on-delivery";
import { waitingStatement } from "../../worker/platform/orders/cash-confirmation-store";
import { countedSku, orderHolding } from "./support/held-order";
import { signedIn } from "./support/staff-session";

/**
 * The desk's cash orders at risk (docs/decisions/0118-cash-on-delivery-that-arrives.md): beside the
 * 48-hour mark, a waiting cash order is marked when its phone had a parcel refused at the door before,
 * and when its total is a large one, read in the waiting list's own statement.
 */
const plain = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("<!-- -->", "");

/** The row of the waiting list that shows this order. */
function waitingRow(html: string, number: string): string | null {
  const section = html.slice(html.indexOf('class="staff-waiting"'), html.indexOf("</section>"));
  const at = section.indexOf(`>${number}</a>`);
  return at < 0 ? null : section.slice(section.lastIndexOf("<tr>", at), section.indexOf("</tr>", at));
}

/** A waiting cash order to this phone, of this total. */
async function waitingOrder(phone: string, total = 9900) {
  const order = await orderHolding([{ sku: await countedSku(5), quantity: 1 }], { status: "new" });
  await env.DB.prepare("UPDATE orders SET phone = ?2, total = ?3 WHERE id = ?1").bind(order.id, phone, total).run();
  return order;
}

describe("cash orders at risk, on the desk's waiting list", () => {
  it("marks a phone with parcels refused before, however it is written, and a large order", async () => {
    const phone = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const refused = await waitingOrder(phone);
    await env.DB.prepare("UPDATE orders SET status = 'refused' WHERE id = ?1").bind(refused.id).run();
    const sameShopper = await waitingOrder(`+971 ${phone.slice(1)}`);
    const large = await waitingOrder(`05${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`, LARGE_CASH_ORDER);
    const plainOrder = await waitingOrder(`05${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`);
    const { browser } = await signedIn("staff");
    const html = plain(await (await browser.get("/staff/orders")).text());
    expect(html).toContain(
      "Marked: waiting over 48 h, a phone with a parcel refused before, an order of AED 1,000.00 or more.",
    );
    expect(waitingRow(html, sameShopper.number)).toContain("Refused before: 1 parcel");
    expect(waitingRow(html, sameShopper.number)).not.toContain("Large order");
    expect(waitingRow(html, large.number)).toContain("Large order");
    expect(waitingRow(html, large.number)).not.toContain("Refused before");
    expect(waitingRow(html, plainOrder.number)).not.toMatch(/Refused before|Large order|Waiting over 48 h/);
    expect(waitingRow(html, refused.number)).toBeNull();
  });

  it("counts the refusals through the refused parcels' own index, the list through its own", async () => {
    let sql = "";
    waitingStatement({
      prepare: (text: string) => {
        sql = text;
        return { bind: () => ({}) };
      },
    } as unknown as D1Database);
    const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(50).all<{ detail: string }>()).results
      .map((r) => r.detail)
      .join("; ");
    expect(plan).toContain("USING INDEX orders_cash_waiting");
    expect(plan).toMatch(/USING (COVERING )?INDEX orders_refused_phone/);
    expect(plan).not.toContain("TEMP B-TREE");
  });
});
