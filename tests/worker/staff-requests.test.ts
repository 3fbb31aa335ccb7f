import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dispositionOf } from "../../worker/screens/staff/requests/staff-attachment";
import { pagesShown } from "../../worker/shop/listing/pager";
import { Browser } from "./support/browser-session";
import { auditOf, signedIn } from "./support/staff-session";

/**
 * The staff desk's requests (decision 0074): only staff see them; each moves through one state
 * machine with an audit row per change; a save from an older copy of the page is refused;
 * the wholesale file is downloadable by staff alone.
 */
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< >>\nendobj\n%%EOF\n");

function unique(prefix: string): string {
  return `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
}

interface RequestRow {
  public_id: string;
  status: string;
  version: number;
  staff_note: string | null;
  attachment_key: string | null;
}

async function requestRow(name: string): Promise<RequestRow> {
  const row = await env.DB.prepare(
    "SELECT public_id, status, version, staff_note, attachment_key FROM shop_requests WHERE name = ?1",
  )
    .bind(name)
    .first<RequestRow>();
  if (!row) throw new Error(`no request from ${name}`);
  return row;
}

/** A call-back request through the shop's own form. */
async function callback(name = unique("Aisha")) {
  const res = await new Browser().post("/requests/callback", { name, phone: "050 123 4567" }, { from: "/contacts" });
  expect(res.status).toBe(303);
  return { name, ...(await requestRow(name)) };
}

/** A wholesale enquiry with a PDF, through the shop's own multipart form. */
async function wholesale(fields: Record<string, string> = {}) {
  const name = unique("Fatima");
  const form = new FormData();
  const values = {
    company: "Glow Salon LLC",
    name,
    email: "buyer@glowsalon.ae",
    phone: "+971 4 123 4567",
    message: "Forty units of the vitamin C serum each month, please.",
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  form.set("attachment", new File([PDF], "price list «2026».pdf", { type: "application/pdf" }));
  const res = await new Browser().postMultipart("/requests/wholesale", form, "/wholesale");
  expect(res.status).toBe(303);
  return { name, ...(await requestRow(name)) };
}

async function act(browser: Browser, publicId: string, fields: Record<string, string>) {
  const version = String(
    (await env.DB.prepare("SELECT version FROM shop_requests WHERE public_id = ?1")
      .bind(publicId)
      .first<{ version: number }>())!.version,
  );
  return browser.post(`/staff/requests/${publicId}`, { version, ...fields }, { from: null });
}

describe("who may see requests", () => {
  it("sends a visitor to sign in from every page, file and action, and changes nothing", async () => {
    const request = await wholesale();
    const visitor = new Browser();
    for (const path of [
      "/staff/requests",
      "/staff/requests?status=new",
      `/staff/requests/${request.public_id}`,
      `/staff/requests/${request.public_id}/attachment`,
    ]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toBe(`/user/login?redirect=${encodeURIComponent(path.split("?")[0]!)}`);
    }
    const posts: Record<string, string>[] = [{ action: "start" }, { action: "note", note: "Called her" }];
    for (const fields of posts) {
      const post = await visitor.post(
        `/staff/requests/${request.public_id}`,
        { version: "1", ...fields },
        { from: null },
      );
      expect(post.status).toBe(303);
      expect(post.headers.get("location")).toMatch(/^\/user\/login/);
    }
    expect(await requestRow(request.name)).toMatchObject({ status: "new", version: 1, staff_note: null });
    expect(await auditOf("request", request.public_id)).toEqual([]);
  });

  it("refuses a shopper with a 403 on every page, file and action, showing nothing of the request", async () => {
    const request = await wholesale();
    const { browser } = await signedIn("authenticated");
    for (const path of [
      "/staff/requests",
      `/staff/requests/${request.public_id}`,
      `/staff/requests/${request.public_id}/attachment`,
    ]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(403);
      const body = await res.text();
      expect(body).toContain("This page is for the shop&#x27;s staff");
      expect(body).not.toContain(request.name);
      expect(body).not.toContain("%PDF");
      expect(res.headers.get("content-type")).toContain("text/html");
    }
    const posts: Record<string, string>[] = [
      { action: "start" },
      { action: "spam" },
      { action: "note", note: "Mine now" },
    ];
    for (const fields of posts) {
      expect((await act(browser, request.public_id, fields)).status).toBe(403);
    }
    expect(await requestRow(request.name)).toMatchObject({ status: "new", version: 1, staff_note: null });
    expect(await auditOf("request", request.public_id)).toEqual([]);
  });
});

describe("the request list", () => {
  it("shows requests newest first, filters by status and kind, and links the overview's new requests", async () => {
    const older = await callback();
    const newer = await wholesale();
    const { browser } = await signedIn("staff");
    const overview = await (await browser.get("/staff")).text();
    expect(overview).toContain('href="/staff/requests?status=new"');

    const all = await (await browser.get("/staff/requests")).text();
    expect(all.indexOf(newer.name)).toBeGreaterThan(-1);
    expect(all.indexOf(newer.name)).toBeLessThan(all.indexOf(older.name));
    expect(all).toContain(`href="/staff/requests/${newer.public_id}"`);

    const wholesaleOnly = await (await browser.get("/staff/requests?kind=wholesale&status=new")).text();
    expect(wholesaleOnly).toContain(newer.name);
    expect(wholesaleOnly).not.toContain(older.name);
    expect(wholesaleOnly).toMatch(/<option value="wholesale" selected="">/);

    await act(browser, older.public_id, { action: "start" });
    const inProgress = await (await browser.get("/staff/requests?status=in_progress")).text();
    expect(inProgress).toContain(older.name);
    expect(inProgress).not.toContain(newer.name);
    expect(await (await browser.get("/staff/requests?status=new")).text()).not.toContain(older.name);
  });

  it("pages through many requests and reads an unknown filter or page as none", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    // 26 partnership requests dated in the future, so they top the newest-first list whatever else is stored.
    await env.DB.batch(
      Array.from({ length: 26 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO shop_requests (public_id, kind, name, phone, fingerprint, dedupe_key, created_at)
           VALUES (?1, 'partnership', ?2, '0501234567', ?3, ?3, ?4)`,
        ).bind(
          crypto.randomUUID(),
          `Paged ${tag} ${String(i).padStart(2, "0")}`,
          `${tag}-${i}`,
          `2099-01-01T00:00:${String(i).padStart(2, "0")}.000Z`,
        ),
      ),
    );
    const { browser } = await signedIn("staff");
    const first = await (await browser.get("/staff/requests?kind=partnership")).text();
    expect(first).toContain(`Paged ${tag} 25`);
    expect(first).toContain(`Paged ${tag} 01`);
    expect(first).not.toContain(`Paged ${tag} 00`);
    expect(first).toContain('aria-label="Pages of requests"');
    expect(first).toContain('href="/staff/requests?kind=partnership&amp;page=2"');
    const second = await (await browser.get("/staff/requests?kind=partnership&page=2")).text();
    expect(second).toContain(`Paged ${tag} 00`);
    expect(second).not.toContain(`Paged ${tag} 25`);

    // Hundreds of pages show as the first, the last and those near the current one.
    expect(pagesShown(1, 3)).toEqual([1, 2, 3]);
    expect(pagesShown(50, 400, 2)).toEqual([1, null, 48, 49, 50, 51, 52, null, 400]);
    expect(pagesShown(2, 5, 2)).toEqual([1, 2, 3, 4, 5]);

    for (const path of ["/staff/requests?status=<b>&kind=x", "/staff/requests?page=-3", "/staff/requests?page=abc"]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain(`Paged ${tag} 25`);
    }
  });
});

describe("a request on the desk", () => {
  it("shows every field escaped, with the file to download", async () => {
    const request = await wholesale({
      company: `"Glow" & <b>Co</b>`,
      message: "<script>alert(1)</script>\nSecond line",
    });
    const { browser } = await signedIn("staff");
    const res = await browser.get(`/staff/requests/${request.public_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain(`<h1>Wholesale from ${request.name}</h1>`);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&quot;Glow&quot; &amp; &lt;b&gt;Co&lt;/b&gt;");
    expect(html).toContain("buyer@glowsalon.ae");
    expect(html).toContain("+97141234567");
    expect(html).toContain(`href="/staff/requests/${request.public_id}/attachment"`);
    expect(html).toContain("price list «2026».pdf");
    expect(html).toContain("Start working on it");
    expect(html).toContain("Mark as spam");
    expect(html).not.toContain("Mark as done");
    expect(html).toContain('<label for="request-note">Internal note (staff only)');
  });

  it("answers 404 for a request that does not exist, and for an id that is not one", async () => {
    const { browser } = await signedIn("staff");
    for (const path of [
      `/staff/requests/${crypto.randomUUID()}`,
      "/staff/requests/not-an-id",
      "/staff/requests/'%20OR%201=1/attachment",
    ]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain("Request not found");
    }
    const post = await browser.post(
      `/staff/requests/${crypto.randomUUID()}`,
      { action: "start", version: "1" },
      { from: null },
    );
    expect(post.status).toBe(404);
  });

  it("moves new → in progress → done, reopens, and marks spam; each with an audit row", async () => {
    const request = await callback();
    const { browser, account } = await signedIn("staff");
    const started = await act(browser, request.public_id, { action: "start" });
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe(`/staff/requests/${request.public_id}`);
    expect(await requestRow(request.name)).toMatchObject({ status: "in_progress", version: 2 });
    const page = await (await browser.get(`/staff/requests/${request.public_id}`)).text();
    expect(page).toContain(`Request from ${request.name}: In progress.`);
    expect(page).toContain("Mark as done");
    // The audit as read on the page, markup aside.
    const shown = page.replace(/<!-- -->|<[^>]+>/g, "");
    expect(shown).toContain(`${account.username} started working on it`);
    expect(shown).toContain("Status: New → In progress");

    expect((await act(browser, request.public_id, { action: "done" })).status).toBe(303);
    expect((await requestRow(request.name)).status).toBe("done");
    expect((await act(browser, request.public_id, { action: "reopen" })).status).toBe(303);
    expect((await requestRow(request.name)).status).toBe("in_progress");
    expect((await act(browser, request.public_id, { action: "spam" })).status).toBe(303);
    expect((await requestRow(request.name)).status).toBe("spam");

    const audit = await auditOf("request", request.public_id);
    expect(audit.map((row) => [row.action, row.before.status, row.after?.status])).toEqual([
      ["start", "new", "in_progress"],
      ["done", "in_progress", "done"],
      ["reopen", "done", "in_progress"],
      ["spam", "in_progress", "spam"],
    ]);
    expect(audit.every((row) => row.staffId === account.id)).toBe(true);
  });

  it("refuses what the state machine does not allow, with a message, and changes nothing", async () => {
    const request = await callback();
    const { browser } = await signedIn("staff");
    const cases: [string, string][] = [
      ["done", "Start working on this request first"],
      ["reopen", "This request is still open: there is nothing to reopen."],
    ];
    for (const [action, message] of cases) {
      const res = await act(browser, request.public_id, { action });
      expect(res.status, action).toBe(422);
      expect(await res.text()).toContain(message);
    }
    await act(browser, request.public_id, { action: "start" });
    const again = await act(browser, request.public_id, { action: "start" });
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("is not possible for a request that is in progress.");
    await act(browser, request.public_id, { action: "spam" });
    for (const action of ["start", "done", "spam"]) {
      const res = await act(browser, request.public_id, { action });
      expect(res.status, action).toBe(422);
      expect(await res.text()).toContain("Reopen it first if it needs more work.");
    }
    const broken: Record<string, string>[] = [{ action: "delete" }, { action: "start", version: "x" }, {}];
    for (const fields of broken) {
      const res = await browser.post(`/staff/requests/${request.public_id}`, fields, { from: null });
      expect(res.status).toBe(422);
      expect(await res.text()).toContain("That form was not complete.");
    }
    expect((await requestRow(request.name)).status).toBe("spam");
    expect((await auditOf("request", request.public_id)).map((row) => row.action)).toEqual(["start", "spam"]);
  });

  it("keeps an internal note: saved, unchanged, too long beside the field, removed; audited", async () => {
    const request = await callback();
    const { browser } = await signedIn("staff");
    expect(
      (await act(browser, request.public_id, { action: "note", note: "  Call after 6 pm <please>  " })).status,
    ).toBe(303);
    expect((await requestRow(request.name)).staff_note).toBe("Call after 6 pm <please>");
    const page = await (await browser.get(`/staff/requests/${request.public_id}`)).text();
    expect(page).toContain("Note saved.");
    expect(page).toContain("Call after 6 pm &lt;please&gt;</textarea>");

    const same = await act(browser, request.public_id, { action: "note", note: "Call after 6 pm <please>" });
    expect(same.status).toBe(303);
    expect(await (await browser.get(`/staff/requests/${request.public_id}`)).text()).toContain("The note is unchanged");

    const long = await act(browser, request.public_id, { action: "note", note: "x".repeat(2001) });
    expect(long.status).toBe(422);
    const form = await long.text();
    expect(form).toContain('id="request-note-error"');
    expect(form).toContain("Please keep the note under 2000 characters.");
    expect(form).toMatch(/aria-invalid="true"/);

    expect((await act(browser, request.public_id, { action: "note", note: "" })).status).toBe(303);
    expect(await requestRow(request.name)).toMatchObject({ staff_note: null, status: "new" });
    const audit = await auditOf("request", request.public_id);
    expect(audit.map((row) => [row.action, row.before.note, row.after?.note])).toEqual([
      ["note", null, "Call after 6 pm <please>"],
      ["note", "Call after 6 pm <please>", null],
    ]);
  });

  it("refuses the second of two staff saving the same request: changed by … meanwhile, nothing overwritten", async () => {
    const request = await callback();
    const first = await signedIn("staff");
    const second = await signedIn("staff");
    const seen = String(request.version);
    const started = await first.browser.post(
      `/staff/requests/${request.public_id}`,
      { action: "start", version: seen },
      { from: null },
    );
    expect(started.status).toBe(303);
    const stale = await second.browser.post(
      `/staff/requests/${request.public_id}`,
      { action: "spam", version: seen },
      { from: null },
    );
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(`This request was changed by ${first.account.username} meanwhile.`);
    const staleNote = await second.browser.post(
      `/staff/requests/${request.public_id}`,
      { action: "note", note: "Mine", version: seen },
      { from: null },
    );
    expect(staleNote.status).toBe(409);
    expect(await staleNote.text()).toMatch(/Your note is in the box below[\s\S]*>Mine<\/textarea>/);
    expect(await requestRow(request.name)).toMatchObject({ status: "in_progress", staff_note: null, version: 2 });
    expect((await auditOf("request", request.public_id)).map((row) => row.action)).toEqual(["start"]);
  });
});

describe("the attached file", () => {
  it("downloads for staff as an attachment of the type it was checked as, never sniffed", async () => {
    const request = await wholesale();
    const { browser } = await signedIn("staff");
    const res = await browser.get(`/staff/requests/${request.public_id}/attachment`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="price list _2026_.pdf"; filename*=UTF-8''price%20list%20%C2%AB2026%C2%BB.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it("answers 404 for a request without a file, or whose file is gone", async () => {
    const { browser } = await signedIn("staff");
    const plain = await callback();
    expect((await browser.get(`/staff/requests/${plain.public_id}/attachment`)).status).toBe(404);
    const request = await wholesale();
    await env.UPLOADS.delete(request.attachment_key!);
    const gone = await browser.get(`/staff/requests/${request.public_id}/attachment`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("no longer stored");
  });

  it("names the file safely in the header, whatever the visitor called it", () => {
    expect(dispositionOf('a"b\\c\r\nd.pdf')).toBe(
      `attachment; filename="a_b_c__d.pdf"; filename*=UTF-8''a%22b%5Cc%0D%0Ad.pdf`,
    );
    expect(dispositionOf("it's (1).png")).toBe(
      `attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});
