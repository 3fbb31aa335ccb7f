import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { translator } from "../../shared/i18n/translator";
import { checkUpload, IMAGE_TYPES, sniffUploadType } from "../../worker/platform/security/file-checks";
import { saveWithFiles } from "../../worker/platform/uploads/upload-store";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";
import { startOfRateWindow } from "./support/rate-window";

const RECEIVER = "orders@noorbeauty.ae";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< >>\nendobj\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** A different visitor each time: a fresh cookie jar and address (rate limits are per address). */
function visitor(): Browser {
  return new Browser();
}

/** Unique words per test, so duplicate suppression never joins two tests' requests. */
function unique(prefix: string): string {
  return `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
}

async function requestRows(name: string) {
  const { results } = await env.DB.prepare(
    "SELECT public_id, kind, status, name, phone, email, company, message, attachment_key, attachment_type, attachment_name FROM shop_requests WHERE name = ?1",
  )
    .bind(name)
    .all<Record<string, string | null>>();
  return results;
}

async function outboxFor(text: string) {
  const { results } = await env.DB.prepare(
    "SELECT recipient, subject, body_text, kind FROM outbox WHERE body_text LIKE ?1 ORDER BY id",
  )
    .bind(`%${text}%`)
    .all<{ recipient: string; subject: string; body_text: string; kind: string }>();
  return results;
}

/** Posts like an island: fetch from the shop's page (its Origin), JSON back. */
async function postJson(browser: Browser, path: string, body: FormData | URLSearchParams): Promise<Response> {
  await browser.get("/contacts");
  return fetchWorker(path, {
    method: "POST",
    headers: {
      cookie: browser.cookieHeader(),
      origin: "https://shop.example",
      "cf-connecting-ip": browser.ip,
      accept: "application/json",
    },
    body,
  });
}

function wholesaleForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("attachment", file ? new File([file.bytes], file.name, { type: file.type }) : new File([], ""));
  return form;
}

const wholesaleFields = (name: string) => ({
  company: "Glow Salon LLC",
  name,
  email: "buyer@glowsalon.ae",
  phone: "+971 4 123 4567",
  message: "Forty units of the vitamin C serum each month, please.",
});

async function uploadCount(prefix: string): Promise<number> {
  return (await env.UPLOADS.list({ prefix })).objects.length;
}

describe("the contacts page and its request forms", () => {
  it("shows the call-back and consultation forms with the consent line linking the privacy policy", async () => {
    const res = await visitor().get("/contacts");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="callback"');
    expect(html).toContain('id="consultation"');
    expect(html).toContain('action="/requests/callback"');
    expect(html).toContain('action="/requests/consultation"');
    expect(html).toMatch(/By leaving a request, you agree to the <a href="\/privacy-policy">privacy policy<\/a>/);
    // The honeypot is in the markup, hidden from people.
    expect(html).toMatch(/<div class="honeypot" aria-hidden="true">/);
  });

  it("puts the dialog island on every page, asleep until a visitor reaches for its link", async () => {
    const html = await (await fetchWorker("/")).text();
    expect(html).toMatch(/data-island="request-dialog"[^>]*data-wake="interaction"/);
    expect(html).toContain('data-wake-on="a[data-modal=&quot;callback&quot;], a[data-modal=&quot;consultation&quot;]"');
    expect(html).toContain('href="/contacts#callback" data-modal="callback"');
    // The footer's button and the home page's two calls to action open the consultation dialog.
    expect(html.match(/href="\/contacts#consultation" data-modal="consultation"/g)?.length).toBe(3);
  });

  it("stores a call-back request with its status, e-mails the shop's receiver, and thanks the visitor", async () => {
    const browser = visitor();
    const name = unique("Aisha");
    const res = await browser.post(
      "/requests/callback",
      { name, phone: "050 123 4567", website: "" },
      { from: "/contacts" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contacts?sent=callback#callback");
    expect(await requestRows(name)).toEqual([
      expect.objectContaining({ kind: "callback", status: "new", phone: "0501234567", message: null }),
    ]);
    const mail = await outboxFor(name);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: RECEIVER, kind: "request-callback" });
    expect(mail[0]!.subject).toBe(`Request a call back: ${name}`);
    expect(mail[0]!.body_text).toContain("Phone: 0501234567");

    const thanks = await (await browser.get("/contacts?sent=callback")).text();
    expect(thanks).toContain("Thank you! We will call you back within working hours.");
  });

  it("stores a consultation with the question", async () => {
    const name = unique("Noura");
    const res = await visitor().post(
      "/requests/consultation",
      { name, phone: "+44 7700 900123", question: "Which sunscreen suits oily skin in summer?" },
      { from: "/contacts" },
    );
    expect(res.status).toBe(303);
    expect(await requestRows(name)).toEqual([
      expect.objectContaining({ kind: "consultation", message: "Which sunscreen suits oily skin in summer?" }),
    ]);
    expect((await outboxFor(name))[0]?.body_text).toContain(
      "Your question: Which sunscreen suits oily skin in summer?",
    );
  });

  it("shows each field's message beside it when a plain post is incomplete, keeping what was typed", async () => {
    const res = await visitor().post("/requests/callback", { name: "", phone: "12" }, { from: "/contacts" });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Please enter your name.");
    expect(html).toContain("Enter a UAE number like 050 123 4567 or an international one starting with +.");
    expect(html).toContain('id="callback-form-phone-error"');
    expect(html).toMatch(/id="callback-form-phone"[^>]*value="12"/);
  });

  it("asks for the phone and the question of a consultation", async () => {
    const res = await visitor().post("/requests/consultation", { name: "Huda" }, { from: "/contacts" });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Please enter a phone number so we can call you.");
    expect(html).toContain("Please tell us what you would like advice on.");
  });

  it("answers an island with JSON: the messages per field, or the thank-you", async () => {
    const browser = visitor();
    const bad = await postJson(browser, "/requests/callback", new URLSearchParams({ name: "x".repeat(81), phone: "" }));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      ok: false,
      message: "Please check 2 fields.",
      errors: {
        name: "Please keep your name under 80 characters.",
        phone: "Please enter a phone number so we can call you.",
      },
    });
    const name = unique("Mariam");
    const good = await postJson(browser, "/requests/callback", new URLSearchParams({ name, phone: "04 123 4567" }));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ ok: true, message: "Thank you! We will call you back within working hours." });
    expect(await requestRows(name)).toHaveLength(1);
  });

  it("refuses a post from another site, and one that says nothing of where it comes from", async () => {
    const senders: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      {},
    ];
    for (const headers of senders) {
      const res = await fetchWorker("/requests/callback", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ name: "Cross Site", phone: "0501234567" }),
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("sent from another site");
    }
  });

  it("answers 404 for a kind of request it doesn't know", async () => {
    const res = await visitor().post("/requests/complaint", { name: "X", phone: "0501234567" }, { from: "/contacts" });
    expect(res.status).toBe(404);
  });
});

describe("bots and repeats", () => {
  it("thanks a bot that fills the honeypot and keeps nothing", async () => {
    const name = unique("Bot");
    const res = await visitor().post(
      "/requests/callback",
      { name, phone: "0501234567", website: "https://spam.example" },
      { from: "/contacts" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contacts?sent=callback#callback");
    expect(await requestRows(name)).toHaveLength(0);
    expect(await outboxFor(name)).toHaveLength(0);
  });

  it("keeps one request when the same one is sent again within minutes", async () => {
    const browser = visitor();
    const name = unique("Salma");
    for (let i = 0; i < 3; i++) {
      const res = await browser.post("/requests/callback", { name, phone: "0501234567" }, { from: "/contacts" });
      expect(res.status).toBe(303);
    }
    expect(await requestRows(name)).toHaveLength(1);
    expect(await outboxFor(name)).toHaveLength(1);
  });

  it("keeps one request when two identical posts arrive at the same moment", async () => {
    const browser = visitor();
    const name = unique("Double");
    await browser.get("/contacts");
    const send = () =>
      fetchWorker("/requests/callback", {
        method: "POST",
        headers: {
          cookie: browser.cookieHeader(),
          origin: "https://shop.example",
          "cf-connecting-ip": browser.ip,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ name, phone: "0501234567" }),
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((r) => r.status)).toEqual([303, 303]);
    expect(await requestRows(name)).toHaveLength(1);
    expect(await outboxFor(name)).toHaveLength(1);
  });

  it("limits call-back requests per address with a message saying when to try again", async () => {
    startOfRateWindow();
    const browser = visitor();
    for (let i = 0; i < 5; i++) {
      const res = await browser.post(
        "/requests/callback",
        { name: unique("Limit"), phone: "0501234567" },
        { from: "/contacts" },
      );
      expect(res.status).toBe(303);
    }
    const blocked = await browser.post(
      "/requests/callback",
      { name: unique("Limit"), phone: "0501234567" },
      { from: "/contacts" },
    );
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toMatch(
      /You have sent several requests in a short time\. Please try again in \d+ minutes?\./,
    );
    // Another address is not affected.
    const other = await visitor().post(
      "/requests/callback",
      { name: unique("Other"), phone: "0501234567" },
      { from: "/contacts" },
    );
    expect(other.status).toBe(303);
  });
});

describe("/wholesale and /partnership", () => {
  it("shows the wholesale form with the file field and the upload hint", async () => {
    const res = await visitor().get("/wholesale");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Wholesale</h1>");
    expect(html).toContain('encType="multipart/form-data"');
    expect(html).toContain("PNG, JPG, GIF up to 5MB, or a PDF");
    expect(html).toContain("By leaving a request, you agree to the");
  });

  it("stores a wholesale enquiry with a PDF price-list request in R2 and names it in the shop's e-mail", async () => {
    const browser = visitor();
    const name = unique("Fatima");
    const res = await browser.postMultipart(
      "/requests/wholesale",
      wholesaleForm(wholesaleFields(name), { bytes: PDF, name: "price-list-request.pdf", type: "application/pdf" }),
      "/wholesale",
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/wholesale?sent=wholesale#wholesale-request");
    const [row] = await requestRows(name);
    expect(row).toMatchObject({
      kind: "wholesale",
      company: "Glow Salon LLC",
      email: "buyer@glowsalon.ae",
      attachment_type: "application/pdf",
      attachment_name: "price-list-request.pdf",
    });
    const object = await env.UPLOADS.get(row!.attachment_key!);
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF);
    const [mail] = await outboxFor(name);
    expect(mail).toMatchObject({ recipient: RECEIVER, kind: "request-wholesale" });
    expect(mail!.subject).toBe(`Wholesale enquiry: ${name} (Glow Salon LLC)`);
    expect(mail!.body_text).toContain("price-list-request.pdf (application/pdf, ");
    expect(mail!.body_text).toContain(`/staff/requests/${row!.public_id}`);
    // The storage key is the desk's business, not the e-mail's.
    expect(mail!.body_text).not.toContain(row!.attachment_key!);
  });

  it("takes a wholesale enquiry without an attachment", async () => {
    const name = unique("NoFile");
    const res = await visitor().postMultipart(
      "/requests/wholesale",
      wholesaleForm(wholesaleFields(name)),
      "/wholesale",
    );
    expect(res.status).toBe(303);
    expect(await requestRows(name)).toEqual([expect.objectContaining({ attachment_key: null })]);
  });

  it("refuses a file that only claims to be a PDF, saying so beside the field, and keeps nothing", async () => {
    const before = await uploadCount("requests/");
    const name = unique("Fake");
    const res = await visitor().postMultipart(
      "/requests/wholesale",
      wholesaleForm(wholesaleFields(name), {
        bytes: new TextEncoder().encode("<html><script>alert(1)</script></html>"),
        name: "prices.pdf",
        type: "application/pdf",
      }),
      "/wholesale",
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("is not a PNG, JPG or GIF image, or a PDF. Please choose one of those.");
    expect(html).toContain('id="wholesale-form-attachment-error"');
    expect(await requestRows(name)).toHaveLength(0);
    expect(await uploadCount("requests/")).toBe(before);
  });

  it("refuses a file over UPLOAD_MAX_BYTES with the limit in the message", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const res = await visitor().postMultipart(
      "/requests/wholesale",
      wholesaleForm(wholesaleFields(unique("Big")), { bytes: big, name: "catalogue.pdf", type: "application/pdf" }),
      "/wholesale",
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("&quot;catalogue.pdf&quot; is 5MB; files can be up to 5MB.");
  });

  it("asks for the company, a real e-mail and the message of a wholesale enquiry", async () => {
    const res = await visitor().postMultipart(
      "/requests/wholesale",
      wholesaleForm({ company: "", name: "Omar", email: "omar@", phone: "0501234567", message: "" }),
      "/wholesale",
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Please enter your company&#x27;s name.");
    expect(html).toContain("Enter an e-mail address like name@example.com.");
    expect(html).toContain("Please tell us which products and quantities you are interested in.");
  });

  it("stores a partnership proposal (company optional) and e-mails it", async () => {
    const name = unique("Rania");
    const res = await visitor().post(
      "/requests/partnership",
      {
        company: "",
        name,
        email: "rania@creator.example",
        phone: "+971 50 765 4321",
        message: "I review skincare on YouTube.",
      },
      { from: "/partnership" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/partnership?sent=partnership#partnership-request");
    expect(await requestRows(name)).toEqual([expect.objectContaining({ kind: "partnership", company: null })]);
    expect((await outboxFor(name))[0]).toMatchObject({ kind: "request-partnership", recipient: RECEIVER });
  });

  it("asks for the message of a partnership proposal", async () => {
    const res = await visitor().post(
      "/requests/partnership",
      { name: "Rania", email: "rania@creator.example", phone: "0501234567", message: " " },
      { from: "/partnership" },
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Please tell us briefly what you have in mind.");
  });
});

describe("upload checks (worker/platform/security/file-checks)", () => {
  const rules = { accept: IMAGE_TYPES, maxBytes: 1000, t: translator("en") };

  it("knows PNG, JPEG, GIF and PDF by their first bytes, and nothing else", () => {
    expect(sniffUploadType(PNG)).toBe("image/png");
    expect(sniffUploadType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffUploadType(new TextEncoder().encode("GIF89a.."))).toBe("image/gif");
    expect(sniffUploadType(PDF)).toBe("application/pdf");
    expect(sniffUploadType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffUploadType(new Uint8Array([0x89, 0x50]))).toBeNull();
  });

  it("says a required file is missing", async () => {
    expect(await checkUpload(new File([], ""), { ...rules, required: true })).toEqual({
      ok: false,
      message: "Please choose a file: a PNG, JPG or GIF image.",
    });
    expect(await checkUpload(undefined, rules)).toEqual({ ok: true, file: null });
  });

  it("refuses a PDF where only images are allowed, and an empty file", async () => {
    expect(await checkUpload(new File([PDF], "me.png"), rules)).toEqual({
      ok: false,
      message: '"me.png" is not a PNG, JPG or GIF image. Please choose one of those.',
    });
    expect(await checkUpload(new File([new Uint8Array(0)], "empty.png"), rules)).toEqual({
      ok: false,
      message: '"empty.png" is empty. Please choose another file.',
    });
  });

  it("removes the files it wrote when saving the record fails", async () => {
    const before = await uploadCount("test-rollback/");
    const file = { bytes: PNG, contentType: "image/png" as const, size: PNG.byteLength, name: "a.png" };
    await expect(
      saveWithFiles(env.UPLOADS, "test-rollback", [file, file], async (stored) => {
        expect(stored).toHaveLength(2);
        expect(await uploadCount("test-rollback/")).toBe(before + 2);
        throw new Error("D1 is down");
      }),
    ).rejects.toThrow("D1 is down");
    expect(await uploadCount("test-rollback/")).toBe(before);
  });
});
