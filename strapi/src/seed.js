'use strict';

const fs = require('fs');
const path = require('path');

const DATA = path.resolve(__dirname, '..', 'data');
const STORE = { type: 'plugin', name: 'shop-seed', key: 'created' };

// Loads data/seed.json (the embedded CMS's seed, generated from worker/cms/seed) on boot:
// media through the upload plugin, then entries in order, relations by the key of an entry
// made before. What was made is remembered by key in Strapi's store, so a restart (or a
// boot interrupted half-way) creates only what is missing and staff edits are never overwritten.
async function seedDemoContent(strapi) {
  const seed = JSON.parse(fs.readFileSync(path.join(DATA, 'seed.json'), 'utf8'));
  const store = strapi.store(STORE);
  const created = (await store.get()) || { media: {}, entries: {} };
  const remember = () => store.set({ value: created });
  let made = 0;

  for (const media of seed.media) {
    if (created.media[media.file]) continue;
    const file = path.join(DATA, 'media', media.file);
    const size = fs.statSync(file).size;
    const [uploaded] = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name: media.file, alternativeText: media.alternativeText, caption: null } },
        files: { path: file, name: media.file, type: 'image/svg+xml', size, filepath: file, originalFilename: media.file, mimetype: 'image/svg+xml' },
      });
    created.media[media.file] = uploaded.id;
    made += 1;
    await remember();
  }

  /** An entry's data in `locale`, its media and relations by id (a relation: the related entry's localization). */
  const entryData = (entry, locale, words) => {
    const data = { ...structuredClone(entry.data), ...words, locale };
    // A localization may have pictures of its own (the Arabic contacts' logotype, described in Arabic).
    const media = { ...entry.media, ...((entry.localizedMedia || {})[locale] || {}) };
    for (const [field, files] of Object.entries(media)) {
      // `variants.2.image`: a media field inside a repeatable component.
      const pathTo = field.split('.');
      const last = pathTo.pop();
      const owner = pathTo.reduce((node, key) => node && node[key], data);
      if (owner) owner[last] = Array.isArray(files) ? files.map((f) => created.media[f]) : created.media[files];
    }
    const local = (k) => (locale === 'en' ? created.entries[k] : created.entries[`${k}@${locale}`] || created.entries[k]);
    for (const [field, keys] of Object.entries(entry.relations)) {
      data[field] = Array.isArray(keys) ? keys.map(local) : local(keys);
    }
    return data;
  };

  for (const entry of seed.entries) {
    if (created.entries[entry.key]) continue;
    const row = await strapi.entityService.create(entry.uid, { data: entryData(entry, 'en', {}) });
    created.entries[entry.key] = row.id;
    made += 1;
    await remember();
  }
  // Each entry's localizations (Arabic, issue 23): its data with the locale's words over it, linked
  // to the English entry through `localizations` as the i18n plugin links them.
  for (const code of new Set(seed.entries.flatMap((e) => Object.keys(e.localizations || {})))) {
    const locales = strapi.plugin('i18n').service('locales');
    if (!(await locales.findByCode(code))) await locales.create({ code, name: code === 'ar' ? 'Arabic (ar)' : code });
  }
  for (const entry of seed.entries) {
    for (const [code, words] of Object.entries(entry.localizations || {})) {
      const key = `${entry.key}@${code}`;
      if (created.entries[key] || !created.entries[entry.key]) continue;
      const data = { ...entryData(entry, code, words), localizations: [created.entries[entry.key]] };
      const row = await strapi.entityService.create(entry.uid, { data });
      created.entries[key] = row.id;
      made += 1;
      await remember();
    }
  }
  if (made > 0) strapi.log.info(`Shop seed: ${made} media and entries created.`);
}

module.exports = { seedDemoContent };
