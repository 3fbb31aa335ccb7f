// MAIL_FILE set: every e-mail is appended to that file as a JSON line (local runs, tests;
// there is no network). Otherwise Strapi's default sendmail; in production configure a
// provider here, e.g. @strapi/provider-email-nodemailer.
module.exports = ({ env }) => ({
  'users-permissions': { config: { jwtSecret: env('JWT_SECRET'), jwt: { expiresIn: '30d' } } },
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
