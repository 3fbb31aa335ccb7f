'use strict';

const model = require('./generated/model.json');
const { registerComputedFields } = require('./computed-fields');
const { ensureApiToken } = require('./api-token');
const { grantShopPermissions } = require('./permissions');
const { configureShopLinks } = require('./shop-links');
const { seedDemoContent } = require('./seed');

module.exports = {
  register({ strapi }) {
    registerComputedFields(strapi, model.computedFields);
  },

  async bootstrap({ strapi }) {
    await grantShopPermissions(strapi, model.publicActions);
    await configureShopLinks(strapi);
    await ensureApiToken(strapi);
    if (process.env.SEED_DEMO_CONTENT === 'true') await seedDemoContent(strapi);
  },
};
