'use strict';

const NAME = 'Shop tests';

// STRAPI_API_TOKEN set (local runs and tests only): a full-access API token with that key,
// so scripts can edit content through the REST API as staff would in the admin.
// Stored as Strapi stores every token: the HMAC of the key with admin.apiToken.salt.
async function ensureApiToken(strapi) {
  const key = process.env.STRAPI_API_TOKEN;
  if (!key) return;
  const tokens = strapi.service('admin::api-token');
  if (await tokens.getByName(NAME)) return;
  await strapi.query('admin::api-token').create({
    data: { name: NAME, description: 'Created at boot from STRAPI_API_TOKEN', type: 'full-access', accessKey: tokens.hash(key), lifespan: null, expiresAt: null },
  });
}

module.exports = { ensureApiToken };
