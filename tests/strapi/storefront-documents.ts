import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type DocumentNode, parse } from "graphql";

const clientDir = resolve(import.meta.dirname, "../../worker/platform/cms-client");

/**
 * Every GraphQL document the storefront sends, read from worker/platform/cms-client's source (each
 * `gql` template, with the file's string constants such as PRODUCT_FIELDS put in), so a
 * query added there is compared without anyone listing it here.
 */
export function storefrontDocuments(): { name: string; document: DocumentNode }[] {
  const out: { name: string; document: DocumentNode }[] = [];
  for (const file of readdirSync(clientDir).filter((f) => f.endsWith(".ts"))) {
    const source = readFileSync(resolve(clientDir, file), "utf8");
    const constants = new Map<string, string>();
    for (const m of source.matchAll(/const ([A-Z_]+) = (?:`([^`]*)`|"([^"]*)");/g)) constants.set(m[1], m[2] ?? m[3]);
    for (const m of source.matchAll(/= gql\b[^`]*`([^`]*)`/g)) {
      const text = m[1].replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
        const value = constants.get(name);
        if (value === undefined) throw new Error(`${file}: no constant ${name} for a query`);
        return value;
      });
      const document = parse(text);
      const op = document.definitions[0];
      out.push({ name: op.kind === "OperationDefinition" ? (op.name?.value ?? file) : file, document });
    }
  }
  return out;
}
