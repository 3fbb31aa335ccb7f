import { env } from "cloudflare:test";
import { gql } from "@urql/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { shopBindings } from "../../worker/index";
import { createCmsClient, runQuery } from "../../worker/platform/cms-client/client";
import { fetchContacts } from "../../worker/platform/cms-client/layout-records";

const REMOTE = "https://cms.example.test";
const remoteEnv = shopBindings({ ...env, CMS_URL: REMOTE });

/** The outbound fetch answered in turn by `replies`; every call to the CMS is recorded. */
function fakeCms(...replies: (() => Response)[]) {
  const calls: Request[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    expect(request.url).toBe(`${REMOTE}/graphql`);
    calls.push(request);
    const reply = replies.shift();
    if (!reply) throw new Error("Unexpected extra request to the CMS");
    return reply();
  });
  return calls;
}

const json = (body: unknown) => () => Response.json(body);
const status = (code: number) => () => new Response("busy", { status: code });

afterEach(() => vi.restoreAllMocks());

describe("CMS client", () => {
  it("retries a query once when the CMS answers 503", async () => {
    const calls = fakeCms(
      status(503),
      json({
        data: {
          contact: {
            data: {
              attributes: {
                company: "Remote",
                email: "a@b.ae",
                phone: "1",
                logotype: {
                  data: { attributes: { url: "/uploads/logo.svg", alternativeText: null, width: 10, height: 10 } },
                },
                icon: { data: null },
                receiver: null,
                whatsapp: null,
                telegram: null,
                vk: null,
                facebook: null,
                instagram: null,
                youtube: null,
              },
            },
          },
        },
      }),
    );
    const contacts = await fetchContacts(remoteEnv, "en");
    expect(contacts?.company).toBe("Remote");
    // Relative media URLs from a real Strapi get the CMS address.
    expect(contacts?.logotype?.url).toBe(`${REMOTE}/uploads/logo.svg`);
    expect(calls).toHaveLength(2);
    expect(calls[0].headers.get("authorization")).toBeNull();
  });

  it("gives up after one retry and answers null, never throwing", async () => {
    const calls = fakeCms(status(503), status(502), status(503));
    expect(await fetchContacts(remoteEnv, "en")).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it("never retries a mutation", async () => {
    const calls = fakeCms(status(503), status(503));
    const client = createCmsClient({ env: remoteEnv, retryDelayMs: 0 });
    const result = await client.mutation(gql`mutation { updateThing { id } }`, {}).toPromise();
    expect(result.error).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("does not retry a query on a status that is not retryable", async () => {
    const calls = fakeCms(status(400), status(400));
    expect(await fetchContacts(remoteEnv, "en")).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it("calls the embedded CMS in-process when CMS_URL is empty", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const client = createCmsClient({ env: shopBindings(env) });
    const data = await runQuery(
      client,
      gql<{ categories: { data: unknown[] } }>`{ categories { data { id } } }`,
      {},
      "test",
    );
    expect(data?.categories.data.length).toBeGreaterThanOrEqual(6);
    expect(spy).not.toHaveBeenCalled();
  });
});
