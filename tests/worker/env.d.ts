declare namespace Cloudflare {
  interface Env {
    MIGRATION_DB: D1Database;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    TEST_SEED: string[];
    TEST_SEARCH_PRODUCTS: string;
  }
}
