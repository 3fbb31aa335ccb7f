// The browser tests share npm start's runner (scripts/serve.mjs) so they test what a developer runs.
import { startFreshShop } from "../../scripts/serve.mjs";

export interface TestShop {
  url: string;
  dispose(): Promise<void>;
}

/** The production build in workerd on a free port, migrated and seeded from scratch. */
export async function startTestShop(vars: Record<string, string> = {}): Promise<TestShop> {
  const shop = await startFreshShop({ vars });
  return { url: shop.url, dispose: () => shop.mf.dispose() };
}
