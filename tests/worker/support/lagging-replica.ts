import { env } from "cloudflare:test";

/**
 * `primary` with read replicas that lag (docs/decisions/0100): a session anchored anywhere reads a copy of
 * the database made before the test's writes (MIGRATION_DB, migrated and seeded by the file that uses it),
 * one anchored at a bookmark or at the primary reads the primary itself (a replica caught up with it).
 */
export function laggingD1(primary: D1Database): D1Database {
  const replica = env.MIGRATION_DB;
  return new Proxy(primary, {
    get(target, name) {
      if (name === "withSession") {
        return (constraint?: string) =>
          !constraint || constraint === "first-unconstrained"
            ? replica.withSession("first-unconstrained")
            : target.withSession(constraint);
      }
      const value = Reflect.get(target, name);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
