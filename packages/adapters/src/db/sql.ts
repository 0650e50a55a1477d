/**
 * The little the portal needs of a PostgreSQL connection, met alike by PGlite (embedded, one process
 * per data folder) and by a PostgreSQL server through `pg`. Queries use `$1` parameters only.
 */
export interface SqlQuery {
  readonly query: <Row extends object = Record<string, unknown>>(
    text: string,
    params?: ReadonlyArray<unknown>,
  ) => Promise<ReadonlyArray<Row>>;
  /** Run several statements without parameters (migrations). */
  readonly exec: (text: string) => Promise<void>;
}

export interface Sql extends SqlQuery {
  /** Which engine this is, for logs and benchmarks. */
  readonly engine: "pglite" | "postgres";
  /** Run `work` in one transaction: all of it is written, or none of it. */
  readonly transaction: <T>(work: (tx: SqlQuery) => Promise<T>) => Promise<T>;
  readonly close: () => Promise<void>;
}
