'use strict';

// Generated from shared/cms-model by scripts/strapi/generate.mjs.
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::contact.contact');
