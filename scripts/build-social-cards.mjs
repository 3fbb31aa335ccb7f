// The sharing cards (decision 0105): the large networks show no SVG as a link's picture, and the seed's
// pictures are SVGs the embedded CMS draws (worker/cms/media/illustrations.ts). At build time each
// product's first picture and each post's and project's cover is drawn as a 1200×630 card and rendered
// to PNG with resvg (@resvg/resvg-js, a prebuilt binary, no install script), served as a file at
// `/social` + the picture's path with `.png` (worker/frame/head/social-image.ts names it). The shop's
// mark is rendered the same way as the Organization's raster logo (`/logo.png`).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Resvg } from "@resvg/resvg-js";
import * as esbuild from "esbuild";
import { postCover, productPicture, projectCover } from "./seed-media.mjs";

const repo = resolve(import.meta.dirname, "..");
const seed = async (name) =>
  (await import(pathToFileURL(resolve(repo, "worker/cms/seed", `${name}.json`)), { with: { type: "json" } })).default;

/** The drawing code is the worker's own TypeScript, bundled for node once per build. */
async function drawing() {
  const out = resolve(repo, "dist/illustrations.mjs");
  await esbuild.build({
    entryPoints: [resolve(repo, "worker/cms/media/illustrations.ts")],
    outfile: out,
    format: "esm",
    bundle: true,
    logLevel: "error",
  });
  return import(`${pathToFileURL(out)}?${Date.now()}`);
}

/** The card's path for a picture's: `/uploads/products/x-1.svg` → `/social/uploads/products/x-1.png`. */
export function socialCardFile(pictureUrl) {
  return `social${pictureUrl.replace(/\.svg$/, ".png")}`;
}

/** Renders every card and the logo into `root` (the client build's folder); returns what it measured. */
export async function buildSocialCards(root) {
  const started = performance.now();
  const { drawSocialCard, brandIcon } = await drawing();
  const [products, posts, projects] = await Promise.all([seed("products"), seed("blog-posts"), seed("projects")]);
  const pictures = [
    ...products.filter((p) => p.images > 0).map((p) => productPicture(p, 0)),
    ...posts.map(postCover),
    ...projects.map(projectCover),
  ];
  let bytes = 0;
  let renderMs = 0;
  let rendered = 0;
  // A card is kept by what it draws (dist/social-cards/<hash>.png): a build renders only new drawings.
  const cache = resolve(repo, "dist/social-cards");
  await mkdir(cache, { recursive: true });
  const write = async (file, svg, fitTo) => {
    const kept = resolve(
      cache,
      `${createHash("sha256")
        .update(JSON.stringify([svg, fitTo]))
        .digest("hex")
        .slice(0, 24)}.png`,
    );
    if (!existsSync(kept)) {
      const t0 = performance.now();
      const png = new Resvg(svg, { fitTo, font: { loadSystemFonts: false } }).render().asPng();
      renderMs += performance.now() - t0;
      rendered += 1;
      bytes += png.length;
      await writeFile(kept, png);
    }
    const path = resolve(root, file);
    await mkdir(dirname(path), { recursive: true });
    await copyFile(kept, path);
  };
  for (const { url, spec } of pictures) await write(socialCardFile(url), drawSocialCard(spec), { mode: "original" });
  await write("logo.png", brandIcon(), { mode: "width", value: 512 });
  const count = pictures.length + 1;
  return { count, rendered, bytes, renderMs, totalMs: performance.now() - started };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const m = await buildSocialCards(resolve(repo, process.argv[2] ?? "dist/client"));
  console.log(
    `Social cards: ${m.count}, ${m.rendered} rendered (${(m.bytes / 1024).toFixed(0)} KB, ${(m.renderMs / Math.max(1, m.rendered)).toFixed(1)} ms each), ${m.totalMs.toFixed(0)} ms in all`,
  );
}
