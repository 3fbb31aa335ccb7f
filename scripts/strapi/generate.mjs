// Writes the generated half of the Strapi v4 project in strapi/ from the content model
// (shared/cms-model) and the embedded CMS's seed (worker/cms/seed): one schema.json and
// core controller/route/service per type, component JSON, the Public role's grants, the
// user's profile attributes, and the seed with its illustrations. `--check` writes
// nothing and fails when strapi/ differs (run by `npm run check:static`).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { loadModel } from "./load-model.mjs";
import { buildStrapiSeed } from "./seed-data.mjs";

const root = resolve(import.meta.dirname, "../..");
const project = resolve(root, "strapi");
/** Folders the generator owns entirely: anything else in them is stale. */
const OWNED = ["src/api", "src/components", "data", "src/generated"];

const model = await loadModel();
const files = new Map();
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const snake = (name) => name.replaceAll("-", "_");
const localized = { i18n: { localized: true } };

function strapiAttribute(attr) {
  switch (attr.type) {
    case "media":
      return {
        type: "media",
        multiple: attr.multiple,
        required: attr.required ?? false,
        allowedTypes: ["images"],
        pluginOptions: localized,
      };
    case "relation": {
      const out = { type: "relation", relation: attr.relation, target: `api::${attr.target}.${attr.target}` };
      if (attr.inversedBy) out.inversedBy = attr.inversedBy;
      if (attr.mappedBy) out.mappedBy = attr.mappedBy;
      return out;
    }
    case "component":
      return { type: "component", repeatable: attr.repeatable, component: attr.component, pluginOptions: localized };
    case "enumeration":
      return {
        type: "enumeration",
        enum: [...attr.enum],
        ...(attr.required ? { required: true } : {}),
        pluginOptions: localized,
      };
    default: {
      const { column: _column, ...rest } = attr;
      return { ...rest, pluginOptions: localized };
    }
  }
}

for (const type of model.contentTypes) {
  const name = type.singularName;
  const attributes = {};
  for (const [key, attr] of Object.entries(type.attributes)) {
    if (attr.type !== "computed") attributes[key] = strapiAttribute(attr);
  }
  const base = `src/api/${name}`;
  files.set(
    `${base}/content-types/${name}/schema.json`,
    json({
      kind: type.kind,
      collectionName: snake(type.pluralName),
      info: { singularName: name, pluralName: type.pluralName, displayName: type.displayName },
      options: { draftAndPublish: type.draftAndPublish },
      pluginOptions: localized,
      attributes,
    }),
  );
  for (const [kind, factory] of [
    ["controllers", "createCoreController"],
    ["routes", "createCoreRouter"],
    ["services", "createCoreService"],
  ]) {
    files.set(
      `${base}/${kind}/${name}.js`,
      `'use strict';\n\n// Generated from shared/cms-model by scripts/strapi/generate.mjs.\nconst { factories } = require('@strapi/strapi');\n\nmodule.exports = factories.${factory}('api::${name}.${name}');\n`,
    );
  }
}

for (const component of model.components) {
  const [category, name] = component.uid.split(".");
  const attributes = {};
  for (const [key, attr] of Object.entries(component.attributes)) {
    attributes[key] =
      attr.type === "component"
        ? { type: "component", repeatable: attr.repeatable, component: attr.component }
        : attr.type === "enumeration"
          ? { type: "enumeration", enum: [...attr.enum], ...(attr.required ? { required: true } : {}) }
          : attr.type === "media"
            ? { type: "media", multiple: attr.multiple, required: attr.required ?? false, allowedTypes: ["images"] }
            : attr;
  }
  files.set(
    `src/components/${category}/${name}.json`,
    json({
      // English plurals as Strapi writes them: postal_address → postal_addresses.
      collectionName: `components_${snake(category)}_${snake(name)}${/(s|x|z|ch|sh)$/.test(name) ? "es" : "s"}`,
      info: { displayName: component.displayName, description: "" },
      options: {},
      attributes,
    }),
  );
}

const computed = model.contentTypes.flatMap((t) =>
  Object.entries(t.attributes)
    .filter(([, a]) => a.type === "computed")
    .map(([field, a]) => ({ type: t.singularName, field, graphql: a.graphql })),
);
files.set(
  "src/generated/model.json",
  json({
    publicActions: model.contentTypes.flatMap((t) =>
      t.publicActions.map((action) => `api::${t.singularName}.${t.singularName}.${action}`),
    ),
    computedFields: computed,
    userProfileAttributes: model.userProfileAttributes,
  }),
);

const seed = buildStrapiSeed(root, model);
files.set("data/seed.json", json(seed.document));
for (const [name, svg] of seed.media) files.set(`data/media/${name}`, svg);

function listOwned() {
  const found = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(project, path));
    }
  };
  for (const dir of OWNED) walk(resolve(project, dir));
  return found;
}

if (process.argv.includes("--check")) {
  const problems = [];
  for (const [path, content] of files) {
    const file = resolve(project, path);
    if (!existsSync(file)) problems.push(`missing ${path}`);
    else if (readFileSync(file, "utf8") !== content) problems.push(`differs ${path}`);
  }
  for (const path of listOwned()) if (!files.has(path)) problems.push(`stale ${path}`);
  if (problems.length > 0) {
    console.error(
      `strapi/ is out of date with shared/cms-model (run \`npm run strapi:generate\`):\n  ${problems.slice(0, 20).join("\n  ")}`,
    );
    process.exit(1);
  }
  console.log(`strapi/ matches the content model (${files.size} generated files).`);
} else {
  for (const path of listOwned()) if (!files.has(path)) rmSync(resolve(project, path));
  for (const [path, content] of files) {
    const file = resolve(project, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  console.log(`strapi/: ${files.size} generated files written.`);
}
