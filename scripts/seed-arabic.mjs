// The seed's Arabic (worker/cms/seed/ar.json) as both seeds use it: scripts/build-seed.mjs (the
// embedded CMS's D1) and scripts/strapi/seed-data.mjs (a real Strapi's localizations). A name in
// ar.json that the seed does not have is an error, not a silent English page.

/** The layout's single types (contact, the three menus) with their words in Arabic, paths unchanged. */
export function arabicLayout(layout, ar) {
  function menu(value) {
    if (Array.isArray(value)) return value.map(menu);
    if (value === null || typeof value !== "object") return value;
    const out = {};
    for (const [key, v] of Object.entries(value)) {
      if ((key === "title" || key === "group" || key === "text") && typeof v === "string") {
        if (!(v in ar.menuTitles)) throw new Error(`ar.json has no Arabic for the menu title "${v}"`);
        out[key] = ar.menuTitles[v];
      } else out[key] = menu(v);
    }
    return out;
  }
  return {
    contacts: {
      ...layout.contacts,
      company: ar.contacts.company,
      logotype: { ...layout.contacts.logotype, ...ar.contacts.logotype },
      icon: { ...layout.contacts.icon, ...ar.contacts.icon },
      // The address's words in Arabic over the English one (its country code stays).
      ...(layout.contacts.address ? { address: { ...layout.contacts.address, ...ar.contacts.address } } : {}),
    },
    mainMenu: menu(layout.mainMenu),
    footerMenu: { ...menu(layout.footerMenu), ...ar.footer },
    topMenu: menu(layout.topMenu),
  };
}

/**
 * The Arabic fields of the seed's entries, by model and slug, in the embedded CMS's column names
 * (`how_to_use`); `known` maps each model to the slugs the seed has.
 */
export function arabicEntries(ar, known) {
  const out = [];
  const add = (model, slug, fields) => {
    if (!known[model].has(slug)) throw new Error(`ar.json names a ${model} "${slug}", which the seed does not have`);
    out.push({ model, slug, fields });
  };
  for (const [slug, fields] of Object.entries(ar.categories)) add("category", slug, fields);
  for (const [slug, description] of Object.entries(ar.brands)) add("brand", slug, { description });
  for (const [slug, fields] of Object.entries(ar.pages)) add("page", slug, fields);
  for (const [slug, fields] of Object.entries(ar.products)) add("product", slug, fields);
  // A product line by its brand's slug and its own ("maison-lumiere/soleil"), as products.json names it.
  for (const [key, fields] of Object.entries(ar.productLines ?? {})) add("productLine", key, fields);
  for (const [slug, fields] of Object.entries(ar.tags ?? {})) add("tag", slug, fields);
  for (const [slug, fields] of Object.entries(ar.blogPosts ?? {})) add("blogPost", slug, fields);
  for (const [slug, fields] of Object.entries(ar.projects ?? {})) add("project", slug, fields);
  return out;
}

/**
 * A shade's or size's name in Arabic (ar.json `variants`, by its English name). Every variant the seed
 * sells has one: a name missing is an error, not an English word on an Arabic page.
 */
export function arabicVariantName(ar, name) {
  const arabic = ar.variants?.[name];
  if (!arabic) throw new Error(`ar.json has no Arabic for the variant "${name}" (add it under "variants")`);
  return arabic;
}
