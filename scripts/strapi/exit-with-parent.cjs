// Preloaded into the Strapi process (node --require) by strapi-process.mjs: its stdin is a
// pipe from the script that started it, which closes however that script ends (Ctrl+C,
// a test runner's SIGTERM, a crash, SIGKILL), so Strapi never outlives it.
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();
