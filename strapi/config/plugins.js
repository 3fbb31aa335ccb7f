// MAIL_FILE set: every e-mail is appended to that file as a JSON line (local runs, tests;
// there is no network). Otherwise Strapi's default sendmail; in production configure a
// provider here, e.g. @strapi/provider-email-nodemailer.
//
// users-permissions' rate limit (10 a minute) keys on `body.email` and the caller's address. Behind
// the shop every shopper arrives from the worker's address, and a sign-in, password change or reset
// carries no `email`: every shopper would share one bucket of 10 a minute (issue 18). So the key is
// the one account the request is about: the signed-in user, else the identifier or e-mail, else the
// reset code (hashed), and the shopper's address only as the storefront reports it is not trusted.
const { createHash } = require('node:crypto');

function rateLimitSubject(ctx) {
  const body = ctx.request.body ?? {};
  if (ctx.state?.user?.id) return `user:${ctx.state.user.id}`;
  const who = String(body.identifier ?? body.email ?? '').trim().toLowerCase();
  if (who) return `who:${who}`;
  if (typeof body.code === 'string' && body.code) return `code:${createHash('sha256').update(body.code).digest('hex')}`;
  return `address:${ctx.request.ip}`;
}

module.exports = ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: '30d' },
      ratelimit: {
        interval: 60000,
        max: 10,
        keyGenerator: async (ctx) => `${ctx.request.path.toLowerCase()}|${rateLimitSubject(ctx)}`,
      },
    },
  },
  graphql: { config: { endpoint: '/graphql', playgroundAlways: false, depthLimit: 12, amountLimit: 100, defaultLimit: 10, maxLimit: 100, apolloServer: { introspection: true } } },
  ...(env('MAIL_FILE')
    ? {
        email: {
          config: {
            // plugin-email lower-cases the name and falls back to require(name): a package name works from anywhere.
            provider: 'strapi-provider-email-file',
            providerOptions: { file: env('MAIL_FILE') },
            settings: { defaultFrom: env('MAIL_FROM', 'shop@localhost'), defaultReplyTo: env('MAIL_FROM', 'shop@localhost') },
          },
        },
      }
    : {}),
});
