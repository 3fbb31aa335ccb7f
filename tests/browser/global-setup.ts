import type { TestProject } from "vitest/node";
import { startTestShop } from "./shop";

declare module "vitest" {
  export interface ProvidedContext {
    shopUrl: string;
  }
}

/** Starts the built worker once for every browser test file. */
export default async function setup(project: TestProject) {
  const shop = await startTestShop();
  project.provide("shopUrl", shop.url);
  return async () => {
    await shop.dispose();
  };
}
