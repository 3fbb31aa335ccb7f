import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type DocumentNode, parse } from "graphql";
import * as sharedConstants from "../../shared/constants";

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
    // The shop's shared constants (MENU_SUBLINK_LIMIT…), then the file's own string constants.
    const constants = new Map<string, string>(
      Object.entries(sharedConstants)
        .filter(([, value]) => typeof value === "string" || typeof value === "number")
        .map(([name, value]) => [name, String(value)]),
    );
    for (const m of source.matchAll(/const ([A-Z_]+) = (?:`([^`]*)`|"([^"]*)");/g)) constants.set(m[1], m[2] ?? m[3]);
    const expand = (text: string): string =>
      text.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
        const value = constants.get(name);
        if (value === undefined) throw new Error(`${file}: no constant ${name} for a query`);
        return expand(value);
      });
    for (const m of source.matchAll(/= gql\b[^`]*`([^`]*)`/g)) {
      const text = expand(m[1]);
      const document = parse(text);
      const op = document.definitions[0];
      out.push({ name: op.kind === "OperationDefinition" ? (op.name?.value ?? file) : file, document });
    }
  }
  return out;
}
