import { rmSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { readDevVars } from "../../scripts/serve.mjs";
import { installStrapi, startStrapi, strapiHome } from "../../scripts/strapi/strapi-process.mjs";
import { startTestShop, type TestShop } from "../browser/shop";

declare module "vitest" {
  export interface ProvidedContext {
    shopUrl: string;
    embeddedShopUrl: string;
    strapiUrl: string;
    strapiMailFile: string;
    strapiApiToken: string;
  }
}

/** A port other than `npm run strapi`'s 1337, so a developer's running Strapi is left alone. */
const STRAPI_PORT = Number(process.env.STRAPI_TEST_PORT ?? 1339);
/** Full access for the tests' content edits only; this Strapi's database is thrown away after. */
const API_TOKEN = `test-${"0123456789abcdef".repeat(8)}`;

/**
 * Starts, in this order: the shop pointed at the Strapi-to-be (so Strapi's webhook can
 * point at it), Strapi itself (fresh database, seeded), and the embedded-CMS shop.
 * Everything is stopped in teardown, after a failure, and on SIGINT/SIGTERM.
 */
export default async function setup(project: TestProject) {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void stopAll().finally(() => process.kill(process.pid, signal));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const { installed, seconds } = installStrapi({ log: (m: string) => console.log(m) });
    if (installed) console.log(`Strapi installed in ${seconds.toFixed(0)} s`);
    const strapiUrl = `http://127.0.0.1:${STRAPI_PORT}`;
    const shop: TestShop = await startTestShop({ CMS_URL: strapiUrl });
    stops.push(() => shop.dispose());
    const mailFile = resolve(strapiHome, "test-mail.jsonl");
    rmSync(mailFile, { force: true });
    const strapi = await startStrapi({
      port: STRAPI_PORT,
      shopUrl: shop.url,
      webhookSecret: readDevVars().CMS_WEBHOOK_SECRET,
      mailFile,
      database: ".tmp/test.db",
      fresh: true,
      quiet: true,
      apiToken: API_TOKEN,
    });
    stops.push(() => strapi.stop());
    console.log(`Strapi (fresh, seeded) answered in ${strapi.bootSeconds.toFixed(1)} s`);
    const embedded = await startTestShop();
    stops.push(() => embedded.dispose());
    project.provide("shopUrl", shop.url);
    project.provide("embeddedShopUrl", embedded.url);
    project.provide("strapiUrl", strapiUrl);
    project.provide("strapiMailFile", mailFile);
    project.provide("strapiApiToken", API_TOKEN);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return async () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await stopAll();
  };
}
