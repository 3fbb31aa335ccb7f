import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { chromiumLaunchOptions } from "../../scripts/chromium.mjs";
import { startTestShop } from "./shop";

declare module "vitest" {
  export interface ProvidedContext {
    shopUrl: string;
    /** The run's Chromium, which each file connects to (tests/browser/harness.ts launchBrowser). */
    chromiumEndpoint: string;
  }
}

/** Starts the built worker and Chromium once for every browser test file. */
export default async function setup(project: TestProject) {
  const [shop, chromiumServer] = await Promise.all([startTestShop(), chromium.launchServer(chromiumLaunchOptions())]);
  project.provide("shopUrl", shop.url);
  project.provide("chromiumEndpoint", chromiumServer.wsEndpoint());
  return async () => {
    await Promise.all([shop.dispose(), chromiumServer.close()]);
  };
}
