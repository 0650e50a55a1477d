import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
} from "kysely";
import type { SqlQuery } from "./sql";

/**
 * Kysely as a typed query builder only (docs/stand-ins.md "Kysely, tried on one repository"): it compiles a query to text
 * and `$n` parameters, and the portal's own `Sql` runs it, on PGlite or PostgreSQL alike, inside the
 * portal's own transactions. `Tables` describes the columns the queries may name.
 */
export function queryBuilder<Tables>() {
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** Run a built query on `sql`; its rows, typed as the query says. */
export const run = <Row>(sql: SqlQuery, query: Compilable<Row>): Promise<ReadonlyArray<Row>> => {
  const compiled = query.compile();
  return sql.query(compiled.sql, compiled.parameters) as Promise<ReadonlyArray<Row>>;
};
