import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { components } from "../../shared/cms-model/components";
import { contentTypes } from "../../shared/cms-model/content-types";
import { userProfileAttributes } from "../../shared/cms-model/user-profile";

/**
 * The `cms_*` tables made by migrations/ (never edited once applied) must hold what the
 * shared content model describes; a field added to the model fails here until a new
 * migration adds its column.
 */
const snake = (name: string) => name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`).replaceAll("-", "_");

async function columns(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT name FROM pragma_table_info(?1)")
    .bind(table)
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

describe("the embedded CMS's tables hold the shared content model", () => {
  for (const type of contentTypes.filter((t) => t.kind === "collectionType")) {
    it(`cms_${snake(type.pluralName)} has a column or table for every attribute of ${type.singularName}`, async () => {
      const table = `cms_${snake(type.pluralName)}`;
      const have = await columns(table);
      expect(have, table).toContain("locale");
      if (type.draftAndPublish) expect(have, table).toContain("published_at");
      for (const [name, attr] of Object.entries(type.attributes)) {
        switch (attr.type) {
          case "computed":
            break;
          case "relation":
            if (attr.relation === "manyToOne" || attr.relation === "oneToOne")
              expect(have).toContain(`${snake(name)}_id`);
            else if (attr.relation === "manyToMany") {
              const join = await columns(`cms_${snake(type.singularName)}_${snake(name)}`);
              expect(join.length, `join table for ${type.singularName}.${name}`).toBeGreaterThan(0);
            } else {
              // oneToMany is the other side of a manyToOne: the target holds the key.
              expect(await columns(`cms_${snake(attr.target)}s`)).toContain(`${snake(attr.mappedBy ?? "")}_id`);
            }
            break;
          case "media":
            if (attr.multiple)
              expect(await columns(`cms_${snake(type.singularName)}_${snake(name)}`)).toContain("media_id");
            else expect(have).toContain(`${snake(name)}_id`);
            break;
          case "component": {
            // A collection type's repeatable component is a table of its own, a row per item.
            const [, componentName] = attr.component.split(".");
            const parts = await columns(`cms_${snake(type.singularName)}_${snake(componentName)}s`);
            expect(parts, `${type.singularName}.${name}`).toEqual(
              expect.arrayContaining([`${snake(type.singularName)}_id`, "position"]),
            );
            const component = components.find((c) => c.uid === attr.component);
            for (const [field, fieldAttr] of Object.entries(component?.attributes ?? {}))
              expect(parts).toContain(fieldAttr.type === "media" ? `${snake(field)}_id` : snake(field));
            break;
          }
          default:
            expect(have, `${table}.${name}`).toContain("column" in attr && attr.column ? attr.column : snake(name));
        }
      }
    });
  }

  it("keeps every single type as one JSON document per locale in cms_single_types", async () => {
    expect(await columns("cms_single_types")).toEqual(expect.arrayContaining(["kind", "locale", "data"]));
    const { results } = await env.DB.prepare("SELECT DISTINCT kind FROM cms_single_types").all<{ kind: string }>();
    const singles = contentTypes.filter((t) => t.kind === "singleType").map((t) => t.singularName);
    expect(results.map((r) => r.kind).sort()).toEqual([...singles].sort());
  });

  it("has a cms_users column for every profile attribute", async () => {
    const have = await columns("cms_users");
    for (const name of Object.keys(userProfileAttributes)) expect(have).toContain(snake(name));
  });
});
