import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import afterRestore from "../../scripts/invoice-counters-after-restore.sql?raw";
import { creditNoteStatements, issueInvoiceStatements } from "../../worker/platform/invoices/invoice-statements";
import { counter, documentsOf, orderFromQuote, setSeller } from "./support/invoice-orders";
import { ALWAYS, bag } from "./support/vat-register";

/**
 * The runbook's step after a D1 restore (docs/operations.md): with the documents issued after the
 * restore point put back, each counter is behind the highest number already handed out. The very file
 * the runbook runs (scripts/invoice-counters-after-restore.sql) must move it past that number, so the
 * next invoice is not a repeat, and must never move a counter back.
 */

async function issuedInvoice(): Promise<{ orderId: number; number: number }> {
  const order = await orderFromQuote(bag(8900));
  await env.DB.batch(issueInvoiceStatements(env.DB, order.id, ALWAYS));
  const [invoice] = await documentsOf(order.id);
  return { orderId: order.id, number: invoice!.number };
}

async function creditNote(orderId: number): Promise<number> {
  await env.DB.batch(creditNoteStatements(env.DB, orderId, ALWAYS, "Cancelled by the customer"));
  return (await documentsOf(orderId)).find((doc) => doc.kind === "credit_note")!.number;
}

async function setCounter(sequence: "invoice" | "credit_note", last: number) {
  await env.DB.prepare("UPDATE invoice_counters SET last = ?2 WHERE sequence = ?1").bind(sequence, last).run();
}

beforeAll(async () => {
  await setSeller();
});

describe("the invoice counters after a restore", () => {
  it("move past the highest invoice and credit note issued, so the next number is a new one", async () => {
    const issued = [await issuedInvoice(), await issuedInvoice(), await issuedInvoice(), await issuedInvoice()];
    const highest = Math.max(...issued.map((i) => i.number));
    const credit = await creditNote(issued[3]!.orderId);
    // The restore took the counters back to before the last three; the runbook put those rows back.
    await setCounter("invoice", highest - 3);
    await setCounter("credit_note", credit - 1);

    await env.DB.prepare(afterRestore).run();
    expect(await counter("invoice")).toBe(highest);
    expect(await counter("credit_note")).toBe(credit);

    const next = await issuedInvoice();
    expect(next.number).toBe(highest + 1);
    expect(await creditNote(next.orderId)).toBe(credit + 1);
  });

  it("never moves a counter back, and changes nothing when run again", async () => {
    await issuedInvoice();
    const now = await counter("invoice");
    await setCounter("invoice", now + 5);
    await env.DB.prepare(afterRestore).run();
    expect(await counter("invoice")).toBe(now + 5);
    await setCounter("invoice", now);
    const again = await env.DB.prepare(afterRestore).run();
    expect(again.meta.changes).toBe(0);
    expect(await counter("invoice")).toBe(now);
  });
});
