import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readPeriod } from "../../shared/vat-register/vat-period";
import { issueInvoiceStatements } from "../../worker/platform/invoices/invoice-statements";
import { Browser } from "./support/browser-session";
import { farShop } from "./support/far-shop";
import { orderFromQuote, setSeller } from "./support/invoice-orders";
import { signedIn } from "./support/staff-session";
import { ALWAYS, bag, credited, csvOf, fils, invoiced, text } from "./support/vat-register";

/**
 * The VAT register on the desk (docs/decisions/0121-a-vat-register-read-from-the-issued-snapshots.md):
 * a period's boundaries at Dubai midnight to the second, credit notes subtracted, the split by emirate
 * (the delivery's, the shop's for a pick-up), totals that are the sum of the documents to the fils, the
 * CSV's escaping, who may open it, and its one round trip. Each test issues its documents at instants
 * of its own period, so the tests do not see each other's.
 */
afterEach(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  await setSeller();
});

describe("the period", () => {
  it("starts and ends at midnight in Dubai, to the second", () => {
    const now = new Date("2026-12-01T10:00:00Z");
    const q1 = readPeriod("2025-Q1", now).period!;
    expect(q1.start.toISOString()).toBe("2024-12-31T20:00:00.000Z");
    expect(q1.end.toISOString()).toBe("2025-03-31T20:00:00.000Z");
    expect(readPeriod("2025-02", now).period!.end.toISOString()).toBe("2025-02-28T20:00:00.000Z");
    // None asked: the quarter it is in Dubai, which turns at 20:00:00 UTC on the last day.
    expect(readPeriod("", new Date("2026-09-30T19:59:59.999Z")).period!.key).toBe("2026-Q3");
    expect(readPeriod("", new Date("2026-09-30T20:00:00.000Z")).period!.key).toBe("2026-Q4");
    expect(readPeriod("2026-13", now).problem).toBe("format");
    expect(readPeriod("2017-Q4", now).problem).toBe("before-vat");
    expect(readPeriod("2027-01", now).problem).toBe("not-begun");
  });

  it("lists a document issued at Dubai midnight in the period it opens, one a millisecond before in the one it closes", async () => {
    const before = await invoiced("2024-12-31T19:59:59.999Z", { region: "Dubai" });
    const first = await invoiced("2024-12-31T20:00:00.000Z", { region: "Dubai" });
    const last = await invoiced("2025-03-31T19:59:59.999Z", { region: "Dubai" });
    const after = await invoiced("2025-03-31T20:00:00.000Z", { region: "Dubai" });
    const { browser } = await signedIn("staff");
    const q1 = text(await (await browser.get("/staff/invoices?period=2025-Q1")).text());
    expect(q1).toContain(`${first.invoice} `);
    expect(q1).toContain(`${last.invoice} `);
    expect(q1).not.toContain(before.invoice);
    expect(q1).not.toContain(after.invoice);
    // Issued at 00:00 on 1 January in Dubai: dated so, though it was still 31 December in UTC.
    expect(q1).toMatch(new RegExp(`${first.invoice} 2025-01-01 ${first.number}`));
    const q4 = text(await (await browser.get("/staff/invoices?period=2024-Q4")).text());
    expect(q4).toContain(before.invoice);
    expect(q4).not.toContain(first.invoice);
    const march = text(await (await browser.get("/staff/invoices?period=2025-03")).text());
    expect(march).toContain(last.invoice);
    expect(march).not.toContain(first.invoice);
  });

  it("opens on the current quarter in Dubai, read on a clock stopped at the boundary second", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-31T19:59:59Z"));
    // Signed in on the stopped clock, so the session is as new as the moment.
    const { browser } = await signedIn("staff");
    expect(text(await (await browser.get("/staff/invoices")).text())).toContain("VAT register: Q4 2026");
    const early = await browser.get("/staff/invoices?period=2027-Q1");
    expect(early.status).toBe(422);
    expect(text(await early.text())).toContain("That period has not begun yet in Dubai");
    vi.setSystemTime(new Date("2026-12-31T20:00:00Z"));
    expect(text(await (await browser.get("/staff/invoices")).text())).toContain("VAT register: Q1 2027");
    expect((await browser.get("/staff/invoices?period=2027-Q1")).status).toBe(200);
  });

  it("refuses a period it cannot read with a sentence beside the field, for the page and the CSV", async () => {
    const { browser } = await signedIn("staff");
    for (const path of ["/staff/invoices?period=last-quarter", "/staff/invoices.csv?period=2026-Q5"]) {
      const res = await browser.get(path);
      expect(res.status).toBe(422);
      const html = await res.text();
      expect(html).toContain('aria-describedby="register-period-error"');
      expect(text(html)).toContain("Choose a month written like 2026-11 or a quarter like 2026-Q4.");
    }
  });
});

describe("the register's amounts", () => {
  it("subtracts credit notes, splits by emirate, and its totals are the documents' sum to the fils", async () => {
    const abuDhabi = await invoiced("2024-05-02T08:00:00Z", { region: "Abu Dhabi", city: "Abu Dhabi" }, 12_345);
    const sharjah = await invoiced("2024-05-03T08:00:00Z", { region: "Sharjah", city: "Al Nahda" }, 7_777);
    // An older order with no emirate chosen, its city naming one; one naming none at all.
    const ajman = await invoiced("2024-05-04T08:00:00Z", { region: "", city: "ajman" }, 4_999);
    const nowhere = await invoiced("2024-05-05T08:00:00Z", { region: "", city: "Somewhere" }, 3_001);
    // A pick-up: supplied at the shop, in the emirate its registered address names (Dubai).
    const pickup = await invoiced("2024-05-06T08:00:00Z", "pickup", 15_050);
    const cancelled = await invoiced("2024-05-07T08:00:00Z", { region: "Sharjah", city: "Sharjah" }, 2_500);
    await credited(cancelled.id, "2024-05-08T08:00:00Z");
    // Credited in the next quarter: subtracted there, not here.
    await credited(abuDhabi.id, "2024-07-01T08:00:00Z");

    const { browser } = await signedIn("staff");
    const { res, body, bom, rows } = await csvOf(browser, "2024-Q2");
    expect(bom).toBe(true);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="vat-register-2024-Q2.csv"');
    expect(body.startsWith("\uFEFF")).toBe(true);
    const documents = rows.filter((r) => r[0] === "tax invoice" || r[0] === "credit note");
    expect(documents.map((r) => r[1])).toEqual([
      abuDhabi.invoice,
      sharjah.invoice,
      ajman.invoice,
      nowhere.invoice,
      pickup.invoice,
      cancelled.invoice,
      expect.stringMatching(/^CN-\d{6}$/),
    ]);
    const credit = documents.at(-1)!;
    expect(credit[7]).toBe(cancelled.invoice);
    expect(fils(credit[10])).toBe(-cancelled.total);
    expect(fils(credit[9])).toBe(-cancelled.vat);
    expect(credit[8]).toMatch(/^-\d+\.\d{2}$/);
    for (const r of documents) expect(fils(r[8]) + fils(r[9])).toBe(fils(r[10]));

    const total = (label: string) => rows.find((r) => r[0] === label)!;
    const net = (o: { total: number; vat: number }) => o.total - o.vat;
    expect(fils(total("total box 1a")[8])).toBe(net(abuDhabi));
    expect(fils(total("total box 1b")[8])).toBe(net(pickup));
    expect(fils(total("total box 1c")[8])).toBe(net(sharjah));
    expect(fils(total("total box 1c")[9])).toBe(sharjah.vat);
    expect(fils(total("total box 1d")[9])).toBe(ajman.vat);
    expect(fils(total("total box 1e")[8])).toBe(0);
    expect(fils(total("total emirate not known")[9])).toBe(nowhere.vat);
    for (const column of [8, 9, 10]) {
      const sum = documents.reduce((s, r) => s + fils(r[column]), 0);
      expect(fils(total("total")[column])).toBe(sum);
      const boxes = rows.filter((r) => r[0]?.startsWith("total box") || r[0] === "total emirate not known");
      expect(boxes.reduce((s, r) => s + fils(r[column]), 0)).toBe(sum);
    }
    const all = [abuDhabi, sharjah, ajman, nowhere, pickup];
    expect(fils(total("total")[9])).toBe(all.reduce((s, o) => s + o.vat, 0));

    const page = text(await (await browser.get("/staff/invoices?period=2024-Q2")).text());
    expect(page).toContain("6 tax invoices and 1 credit note issued");
    expect(page).toContain("1 document names no emirate");
    expect(page).toContain("Dubai (pick-up)");
    const next = (await csvOf(browser, "2024-Q3")).rows;
    const late = next.find((r) => r[0] === "credit note")!;
    expect(late[7]).toBe(abuDhabi.invoice);
    expect(fils(next.find((r) => r[0] === "total box 1a")![8])).toBe(-net(abuDhabi));
  });

  it("names a business buyer, escapes a name a spreadsheet would run as a formula, and keeps Arabic", async () => {
    const order = await invoiced("2025-08-10T08:00:00Z", { region: "Dubai" });
    await env.DB.prepare(
      "INSERT INTO order_business_buyers (order_id, company, trn) VALUES (?1, ?2, '100987654300003')",
    )
      .bind(order.id, '=HYPERLINK("http://evil.example","صالون نور")')
      .run();
    // The invoice was issued before the buyer row: a second order, issued after it, carries the company.
    const business = await orderFromQuote(bag(5_000), { status: "paid" });
    await env.DB.prepare(
      "INSERT INTO order_business_buyers (order_id, company, trn) VALUES (?1, ?2, '100987654300003')",
    )
      .bind(business.id, '=HYPERLINK("http://evil.example","صالون نور")')
      .run();
    await env.DB.batch(issueInvoiceStatements(env.DB, business.id, ALWAYS, new Date("2025-08-11T08:00:00Z")));
    const { browser } = await signedIn("staff");
    const { body, rows } = await csvOf(browser, "2025-08");
    expect(body).toContain('"\'=HYPERLINK(""http://evil.example"",""صالون نور"")"');
    expect(rows.find((r) => r[1] === order.invoice)?.[4]).toBe("simplified");
    const row = rows.find((r) => r[3] === business.number)!;
    expect(row[4]).toBe('\'=HYPERLINK("http://evil.example","صالون نور")');
    expect(row[5]).toBe("100987654300003");
    const page = text(await (await browser.get("/staff/invoices?period=2025-08")).text());
    expect(page).toContain("صالون نور");
    expect(page).toContain("TRN 100987654300003");
    // What the desk shows of a buyer is what the invoice kept: the first stays simplified.
    expect(page).toContain("Simplified (not registered)");
  });
});

describe("a long period", () => {
  it("shows a hundred documents a page, the whole period's totals on each, and every one in the CSV", async () => {
    const first = await invoiced("2023-02-01T08:00:00Z", { region: "Ajman" });
    // 149 more issued that quarter, each a copy of the first's snapshot (numbers far past the counter's).
    await env.DB.prepare(
      `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 149)
       INSERT INTO invoices (kind, number, order_id, issued_at, snapshot)
       SELECT 'invoice', 500000 + x, 800000 + x, '2023-03-0' || (1 + x % 9) || 'T08:00:00.000Z', snapshot
       FROM n, (SELECT snapshot FROM invoices WHERE order_id = ?1)`,
    )
      .bind(first.id)
      .run();
    const { browser } = await signedIn("staff");
    const rowsOf = (html: string) =>
      html.match(/<th scope="row"><a href="\/staff\/orders\/[^"]+\/invoice">INV-/g) ?? [];
    const one = await (await browser.get("/staff/invoices?period=2023-Q1")).text();
    const two = await (await browser.get("/staff/invoices?period=2023-Q1&page=2")).text();
    expect(rowsOf(one).length).toBe(100);
    expect(rowsOf(two).length).toBe(50);
    expect(one).toContain('href="/staff/invoices?period=2023-Q1&amp;page=2"');
    expect(text(two)).toContain("Documents 101–150 of 150; the CSV holds them all.");
    const total = `${((first.total * 150) / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
    expect(text(one)).toContain(
      `Total of the period ${(((first.total - first.vat) * 150) / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`,
    );
    expect(text(two)).toContain(total);
    const { rows } = await csvOf(browser, "2023-Q1");
    expect(rows.filter((r) => r[0] === "tax invoice").length).toBe(150);
    expect(fils(rows.find((r) => r[0] === "total box 1d")![10])).toBe(first.total * 150);
  });
});

describe("who may open it, and what it costs", () => {
  it("is the staff's: a shopper gets the desk's refusal, a visitor the sign-in, for the page and the CSV", async () => {
    const { browser: shopper } = await signedIn("authenticated");
    const visitor = new Browser();
    for (const path of ["/staff/invoices", "/staff/invoices.csv?period=2025-Q2"]) {
      const refused = await shopper.get(path);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("content-type")).toContain("text/html");
      expect(text(await refused.text())).toContain("This page is for the shop's staff");
      const anonymous = await visitor.get(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toMatch(/^\/user\/login\?redirect=/);
    }
  });

  it("reads the period's documents in one round trip of one statement, and links them from the desk's navigation", async () => {
    await invoiced("2025-10-02T08:00:00Z", { region: "Fujairah" });
    const shop = farShop();
    const { browser } = await signedIn("staff", shop.send);
    const overview = await browser.get("/staff");
    expect(await overview.text()).toContain('href="/staff/invoices"');
    shop.reset();
    const res = await browser.get("/staff/invoices?period=2025-Q4");
    expect(res.status).toBe(200);
    expect(text(await res.text())).toContain("1g Fujairah");
    const register = shop.d1.log.filter((call) => call.sql.some((sql) => sql.includes("FROM invoices")));
    expect(register.length, JSON.stringify(shop.d1.log)).toBe(1);
    // The desk's own: the session and the visitor's counts, one batch every desk page reads; then the register.
    expect(shop.d1.roundTrips, JSON.stringify(shop.d1.log)).toBe(2);
    expect(register[0]?.sql.length).toBe(1);
  });
});
