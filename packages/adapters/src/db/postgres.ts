import pg from "pg";
import type { Sql, SqlQuery } from "./sql";

// bigint (int8) columns hold cents and counts well inside 2^53; read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** A PostgreSQL server through a connection pool (`DATABASE_URL`). */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Sql {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20 });
  // An idle connection the server ends (a restart, a failover, the database dropped) is an event on
  // the pool, not a failed query: without a listener Node would crash the process. The pool replaces
  // the connection on next use; the message names no data.
  pool.on("error", (error) => {
    console.error(`[db] idle PostgreSQL connection lost: ${error.message}`);
  });
  const on = (client: pg.Pool | pg.PoolClient): SqlQuery => ({
    query: async <Row extends object>(text: string, params: ReadonlyArray<unknown> = []) =>
      (await client.query<Row>(text, params as unknown[])).rows,
    exec: async (text) => {
      await client.query(text);
    },
  });
  return {
    engine: "postgres",
    ...on(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await work(on(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
