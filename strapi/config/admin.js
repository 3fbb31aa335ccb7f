// SERVE_ADMIN=false runs Strapi headless (no admin build needed): local runs and tests.
module.exports = ({ env }) => ({
  auth: { secret: env('ADMIN_JWT_SECRET') },
  apiToken: { salt: env('API_TOKEN_SALT') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT') } },
  serveAdminPanel: env.bool('SERVE_ADMIN', true),
});
