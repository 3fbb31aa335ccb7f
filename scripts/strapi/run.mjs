// `npm run strapi`: installs (first run only) and starts a real headless Strapi 4.25 with the
// shop's content model and seed at http://127.0.0.1:1337, its webhook pointed at the local
// shop and its e-mails written to .strapi/mail.jsonl. Then `CMS_URL=http://127.0.0.1:1337 npm start`.

import { readDevVars } from "../serve.mjs";
import { installStrapi, startStrapi } from "./strapi-process.mjs";

const fresh = process.argv.includes("--fresh");
const { installed, seconds } = installStrapi();
if (installed) console.log(`Strapi installed in ${seconds.toFixed(0)} s.`);
const secrets = readDevVars();
const strapi = await startStrapi({
  port: Number(process.env.STRAPI_PORT ?? 1337),
  shopUrl: process.env.SHOP_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`,
  webhookSecret: secrets.CMS_WEBHOOK_SECRET,
  fresh,
});
console.log(
  `\n  Strapi is running at ${strapi.url} (GraphQL at /graphql, booted in ${strapi.bootSeconds.toFixed(1)} s).`,
);
console.log(`  E-mails: ${strapi.mailFile}`);
console.log(`  Start the shop against it: CMS_URL=${strapi.url} npm start   (Ctrl+C stops Strapi)\n`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await strapi.stop();
    process.exit(0);
  });
}
