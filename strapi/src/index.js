'use strict';

const model = require('./generated/model.json');
const { registerComputedFields } = require('./computed-fields');
const { ensureApiToken } = require('./api-token');
const { grantShopPermissions } = require('./permissions');
const { ensureStaffRole } = require('./staff-role');
const { configureShopLinks } = require('./shop-links');
const { seedDemoContent } = require('./seed');

module.exports = {
  register({ strapi }) {
    registerComputedFields(strapi, model.computedFields);
  },

  async bootstrap({ strapi }) {
    await grantShopPermissions(strapi, model.publicActions);
    // After the grants: Staff copies Authenticated's permissions.
    await ensureStaffRole(strapi);
    await configureShopLinks(strapi);
    await ensureApiToken(strapi);
    if (process.env.SEED_DEMO_CONTENT === 'true') await seedDemoContent(strapi);
  },
};
