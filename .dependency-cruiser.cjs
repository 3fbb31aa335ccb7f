/**
 * The layers of the code, checked in `npm test` (scripts/check-layers.mjs):
 *
 *   shared/  ←  worker/platform/  ←  worker/frame/  ←  worker/shop/  ←  worker/screens/<area>/  ←  worker/index.ts (assembly)
 *
 * shared/ is isomorphic (worker and browser); client/ is the browser bundle, whose islands
 * and components the worker also renders; worker/platform is what screens stand on
 * (security, session, CMS client, stores, mail, payments, search, stock, caches, middleware);
 * worker/frame is the page frame (document, head, layout, the shopper's personal fragments,
 * kept shells, the page registrar); worker/shop is the shop's own UI that several screens show
 * (the product card and grid, a category's or a brand's listing and its pager, post and contact cards);
 * worker/screens has one folder per area of the shop; worker/cms is the embedded stand-in
 * for the CMS, a separate app that stands on shared/ alone: worker/index.ts builds it (lending
 * it the mail outbox and rate-limit counters), mounts it, and hands it to the platform as a
 * fetch (env.CMS); nothing else imports it, and it imports nothing of the shop. No file
 * cycles, and (scripts/check-layers.mjs) no folder cycles, without exceptions.
 */
const SHARED = "^shared/";
const CLIENT = "^client/";
const PLATFORM = "^worker/platform/";
const FRAME = "^worker/frame/";
const SHOP = "^worker/shop/";
const SCREENS = "^worker/screens/";
const CMS = "^worker/cms/";
const ASSEMBLY = "^worker/[^/]+\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "A file never imports itself back, even through type-only imports: cut the cycle by moving the shared part down a layer.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-is-isomorphic",
      comment: "shared/ runs in the worker and in the browser: it imports neither.",
      severity: "error",
      from: { path: SHARED },
      to: { path: "^(worker|client)/" },
    },
    {
      name: "client-is-the-browser",
      comment: "The browser bundle never imports the worker.",
      severity: "error",
      from: { path: CLIENT },
      to: { path: "^worker/" },
    },
    {
      name: "worker-renders-islands-only",
      comment: "The worker server-renders islands and components; the browser runtime stays in the browser.",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: CLIENT, pathNot: "^client/(islands|components)/" },
    },
    {
      name: "platform-below-frame",
      comment: "The platform serves the frame and every screen and knows none of them, nor the assembly.",
      severity: "error",
      from: { path: PLATFORM },
      to: { path: [FRAME, SHOP, SCREENS, ASSEMBLY] },
    },
    {
      name: "frame-below-screens",
      comment: "The page frame frames every screen and knows none of them, nor the shop's own UI, nor the assembly.",
      severity: "error",
      from: { path: FRAME },
      to: { path: [SHOP, SCREENS, ASSEMBLY] },
    },
    {
      name: "shop-below-screens",
      comment: "The shop's own UI is shown by screens and knows none of them, nor the assembly.",
      severity: "error",
      from: { path: SHOP },
      to: { path: [SCREENS, ASSEMBLY] },
    },
    {
      name: "the-shop-never-imports-the-cms",
      comment:
        "The storefront reaches its CMS only as a fetch (env.CMS, worker/platform/cms-client/cms-service.ts), the embedded one exactly as a real Strapi: only worker/index.ts builds and mounts it.",
      severity: "error",
      from: { path: [PLATFORM, FRAME, SHOP, SCREENS] },
      to: { path: CMS },
    },
    {
      name: "screens-stand-alone",
      comment: "A screen area does not import another area: what two areas share belongs in worker/platform.",
      severity: "error",
      from: { path: "^worker/screens/([^/]+)/" },
      to: { path: SCREENS, pathNot: "^worker/screens/$1/" },
    },
    {
      name: "screens-below-assembly",
      comment: "Only worker/index.ts and the page registry put screens together.",
      severity: "error",
      from: { path: [SCREENS, CMS] },
      to: { path: ASSEMBLY },
    },
    {
      name: "cms-is-a-separate-app",
      comment:
        "The embedded CMS answers like a real Strapi and stands on shared/ alone; what it borrows from the worker (the e-mail outbox, rate-limit counters) worker/index.ts hands it (worker/cms/auth/cms-host.ts).",
      severity: "error",
      from: { path: CMS },
      to: { path: "^worker/(?!cms/)" },
    },
    {
      name: "islands-get-their-texts-as-props",
      comment:
        "The browser never loads a whole text catalogue: an island gets its own section in its props (islandTexts, shared/i18n/translator.ts), so an English page ships no Arabic. Types (messages-type.ts) and formatting (format.ts) are fine.",
      severity: "error",
      from: { path: CLIENT },
      to: { path: "^shared/i18n/(en|ar|catalogue|translator)\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-orphans",
      comment: "A module nobody imports is dead code (entry points excepted).",
      severity: "error",
      from: {
        orphan: true,
        path: "^(worker|client|shared)/",
        pathNot: ["^worker/index\\.ts$", "^client/hydrate\\.tsx$", "\\.d\\.ts$", "^client/islands/"],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^(worker|client|shared)/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
