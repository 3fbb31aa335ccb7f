// Builds the browser bundle: the small runtime, one chunk per island (React in
// a shared chunk), and the stylesheet with self-hosted fonts. Hashed names,
// served with immutable caching; the worker finds files via dist/client-manifest.json.
import { cp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { basename, relative } from "node:path";
import * as esbuild from "esbuild";
import { arabicFontSubset } from "./arabic-font.mjs";
import { buildSocialCards } from "./build-social-cards.mjs";
import { publishClient, writeFileAtomic } from "./publish-client.mjs";

const dev = process.argv.includes("--dev");
const watch = process.argv.includes("--watch");
// A one-off build is made aside and moved in when whole (publish-client.mjs), so
// a shop serving dist/client keeps answering; watch mode writes in place.
const served = "dist/client";
const root = watch ? served : "dist/client.next";
const outdir = `${root}/assets`;

const islandFiles = (await readdir("client/islands"))
  .filter((f) => f.endsWith(".tsx"))
  .map((f) => `client/islands/${f}`);

/**
 * Two builds. The islands (and the hydrate helper that brings React) share
 * chunks; the runtime is built alone so a page loads exactly one small script,
 * and it learns the hydrate chunk's hashed URL at build time. What the runtime
 * imports dynamically (the tag manager) becomes a chunk of its own.
 * @type {esbuild.BuildOptions}
 */
const options = {
  entryPoints: ["client/hydrate.tsx", ...islandFiles, "client/styles/main.css"],
  outdir,
  outbase: "client",
  bundle: true,
  splitting: true,
  format: "esm",
  target: ["es2022", "chrome110", "safari16", "firefox115"],
  minify: !dev,
  sourcemap: dev ? "inline" : false,
  jsx: "automatic",
  entryNames: "[dir]/[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  assetNames: "fonts/[name]-[hash]",
  loader: { ".woff2": "file", ".woff": "file" },
  metafile: true,
  legalComments: "none",
  define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
  logLevel: "warning",
  plugins: [
    arabicFontSubset({ texts: ["shared/i18n/ar.ts", "worker/cms/seed/ar.json"] }),
    {
      name: "manifest",
      setup(build) {
        build.onEnd(async (result) => {
          if (result.errors.length || !result.metafile) return;
          await writeManifest(result.metafile);
        });
      },
    },
  ],
};

async function buildRuntime(hydrateUrl) {
  const result = await esbuild.build({
    entryPoints: ["client/runtime.ts"],
    outdir,
    outbase: "client",
    bundle: true,
    splitting: true,
    format: "esm",
    target: options.target,
    minify: !dev,
    sourcemap: options.sourcemap,
    entryNames: "[dir]/[name]-[hash]",
    chunkNames: options.chunkNames,
    metafile: true,
    legalComments: "none",
    define: { ...options.define, __HYDRATE_URL__: JSON.stringify(hydrateUrl) },
    logLevel: "warning",
  });
  const [file, output] = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint === "client/runtime.ts");
  // A module both the runtime and one of its lazy chunks import would be split into a chunk the
  // runtime loads statically: a second script on every page. The lazy part must not share code.
  const loaded = output.imports.filter((i) => i.kind !== "dynamic-import").map((i) => i.path);
  if (loaded.length) {
    throw new Error(`client/runtime.ts must load no other script before it runs, but imports ${loaded.join(", ")}`);
  }
  return `/${relative(root, file)}`;
}

/** The faces a page in each language shows above the fold: body text and headings. */
const PRELOADED_FONTS = {
  en: /(inter-latin-400-normal|cormorant-garamond-latin-600-normal)-/,
  ar: /ibm-plex-sans-arabic-arabic-(400|600)-normal-/,
};

async function writeManifest(metafile) {
  const manifest = { runtime: "", css: "", fonts: { en: [], ar: [] }, islands: {} };
  let hydrateUrl = "";
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const url = `/${relative(root, file)}`;
    if (output.entryPoint === "client/hydrate.tsx") hydrateUrl = url;
    else if (output.entryPoint === "client/styles/main.css" && file.endsWith(".css")) manifest.css = url;
    else if (output.entryPoint?.startsWith("client/islands/")) {
      manifest.islands[basename(output.entryPoint, ".tsx")] = url;
    } else {
      // At most two fonts preloaded per page (the brand guide): its language's body text and headings.
      // Arabic headings fall through Cormorant (no Arabic letters) to IBM Plex Sans Arabic 600.
      for (const [locale, faces] of Object.entries(PRELOADED_FONTS)) {
        if (faces.test(file) && file.endsWith(".woff2")) manifest.fonts[locale].push(url);
      }
    }
  }
  manifest.runtime = await buildRuntime(hydrateUrl);
  await writeFileAtomic("dist/client-manifest.json", `${JSON.stringify(manifest, null, 2)}\n`);
  // Vary: the platform serves these compressed to browsers that accept it, and whole to others.
  await writeFile(
    `${root}/_headers`,
    "/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n  Vary: Accept-Encoding\n",
  );
}

await rm(root, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
// Files served at fixed root paths (the default sharing image), not hashed.
await cp("client/static", root, { recursive: true });
// The sharing cards and the raster logo, PNGs drawn from the seed's pictures (decision 0105).
const cards = await buildSocialCards(root);
console.log(`client: ${cards.count} sharing cards (${cards.rendered} rendered, ${cards.totalMs.toFixed(0)} ms)`);
if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log("client: watching for changes");
} else {
  await esbuild.build(options);
  await publishClient(root, served, "dist/client-files.json");
}
