declare namespace Cloudflare {
  interface Env {
    MIGRATION_DB: D1Database;
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Every migration's statements, then the seed's: a test file's fresh D1. */
    TEST_DATABASE: string[];
    TEST_SEARCH_PRODUCTS: string;
  }
}
