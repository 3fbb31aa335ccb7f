import { env } from "cloudflare:test";

// Runs before each test file, in that file's own fresh workerd: every migration, then the embedded
// CMS's seed, as one D1 batch. A batch per migration and per hundred seed rows (42 round trips) cost
// about 1.3 s a file; one batch costs about 0.3 s.
await env.DB.batch(env.TEST_DATABASE.map((statement) => env.DB.prepare(statement)));
