'use strict';

// Generated from shared/cms-model by scripts/strapi/generate.mjs.
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::page.page');
