import {
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';

/**
 * A Kysely dialect speaking PostgreSQL's SQL through the desk's own driver: the embedded
 * database's (pglite-driver.ts) or a server's (server-driver.ts).
 */
export function postgresDialect(createDriver: () => Driver): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver,
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}
