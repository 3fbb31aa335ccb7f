'use strict';

// Fields the content model marks `computed` (shared/cms-model): values the CMS counts
// rather than stores, so they stay true after every edit. Each needs a resolver here.
const RESOLVERS = {
  'category.productCount': (strapi) => async (parent) =>
    strapi.db.query('api::product.product').count({
      where: { category: { id: parent.id }, publishedAt: { $notNull: true } },
    }),
  'brand.productCount': (strapi) => async (parent) =>
    strapi.db.query('api::product.product').count({
      where: { brand: { id: parent.id }, publishedAt: { $notNull: true } },
    }),
};

function registerComputedFields(strapi, fields) {
  const missing = fields.filter((f) => !RESOLVERS[`${f.type}.${f.field}`]);
  if (missing.length) throw new Error(`No resolver for computed field(s): ${missing.map((f) => `${f.type}.${f.field}`).join(', ')}`);
  const extension = strapi.plugin('graphql').service('extension');
  extension.use(({ nexus, strapi: s }) => {
    const naming = s.plugin('graphql').service('utils').naming;
    const types = fields.map((f) => {
      const typeName = naming.getTypeName(s.contentType(`api::${f.type}.${f.type}`));
      const resolve = RESOLVERS[`${f.type}.${f.field}`](s);
      return nexus.extendType({
        type: typeName,
        definition(t) {
          const field = f.graphql.endsWith('!') ? t.nonNull : t;
          const kind = f.graphql.replace('!', '') === 'Int' ? 'int' : 'string';
          field[kind](f.field, { resolve });
        },
      });
    });
    const resolversConfig = Object.fromEntries(
      fields.map((f) => [`${naming.getTypeName(s.contentType(`api::${f.type}.${f.type}`))}.${f.field}`, { auth: false }]),
    );
    return { types, resolversConfig };
  });
}

module.exports = { registerComputedFields };
