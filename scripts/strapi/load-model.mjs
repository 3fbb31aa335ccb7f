// Loads the TypeScript content model (shared/cms-model) and the seed illustrations
// into a Node script: esbuild bundles them in memory (Node 20 cannot import .ts).
import { resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "../..");

export async function loadModel() {
  const entry = `
    export { contentTypes } from "./shared/cms-model/content-types.ts";
    export { components } from "./shared/cms-model/components.ts";
    export { userProfileAttributes } from "./shared/cms-model/user-profile.ts";
    export { drawIllustration, brandLogotype, brandIcon } from "./worker/cms/media/illustrations.ts";
  `;
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}
