import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { routePath } from "../../shared/links";
import type { Organization } from "../../worker/frame/head/schema-types";
import { fetchWorker } from "./fetch";
import { jsonLdBlocks } from "./support/json-ld-checks";

/**
 * The contacts' address is optional (decision 0134): while the CMS has none, the Organization's
 * address is the shop's country alone and /contacts shows no address, in either language. The
 * record is changed as an editor's save changes it: written, then the CMS's webhook.
 */
describe("contacts without a postal address", () => {
  it("describes the shop by its country alone and shows no address on /contacts", async () => {
    await env.DB.prepare(
      "UPDATE cms_single_types SET data = json_remove(data, '$.address') WHERE kind = 'contact'",
    ).run();
    const saved = await fetchWorker("/api/cms/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "test-webhook-secret-0123456789abcdef" },
      body: JSON.stringify({ event: "entry.update", model: "contact", entry: { id: 1 } }),
    });
    expect(saved.status).toBe(200);
    for (const prefix of ["", "/ar"]) {
      const home = await fetchWorker(prefix || "/");
      expect(home.status).toBe(200);
      const org = jsonLdBlocks(await home.text()).find((b) => b["@type"] === "Organization") as unknown as Organization;
      expect(org.address, prefix).toEqual({ "@type": "PostalAddress", addressCountry: "AE" });
      const contacts = await fetchWorker(`${prefix}${routePath("contacts")}`);
      expect(contacts.status).toBe(200);
      const html = await contacts.text();
      expect(html).toContain('class="summary-card contact-card"');
      expect(html).not.toContain("<address");
    }
  });
});
