import pg from "pg";
import type { Sql, SqlQuery } from "./sql";

// bigint (int8) columns hold cents and counts well inside 2^53; read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** How many different statements one process prepares at most; any further are sent unprepared. */
const MOST_PREPARED = 500;
/** One data statement (no `;`): schema changes and scripts go unprepared, as they are run once. */
const preparable = /^\s*(select|insert|update|delete|with)\b[^;]*$/i;

/**
 * A name for each statement text: `pg` prepares a named statement once per connection and then sends
 * only its name and parameters, so the server parses and plans it once per connection, not once per
 * call. The texts are the portal's own (parameters go as `$n`), so there are a few hundred at most;
 * past MOST_PREPARED a text is sent unprepared, so a text built with a varying shape (a list of `$n`
 * of varying length) cannot fill the connections' memory.
 */
function preparedNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < MOST_PREPARED && preparable.test(text)) {
      name = `portal_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}

/** A PostgreSQL server through a connection pool (`DATABASE_URL`). */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Sql {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20 });
  // An idle connection the server ends (a restart, a failover, the database dropped) is an event on
  // the pool, not a failed query: without a listener Node would crash the process. The pool replaces
  // the connection on next use; the message names no data.
  pool.on("error", (error) => {
    console.error(`[db] idle PostgreSQL connection lost: ${error.message}`);
  });
  const named = preparedNames();
  const on = (client: pg.Pool | pg.PoolClient): SqlQuery => ({
    query: async <Row extends object>(text: string, params: ReadonlyArray<unknown> = []) => {
      const name = named(text);
      const values = params as unknown[];
      return (await client.query<Row>(name ? { name, text, values } : { text, values })).rows;
    },
    exec: async (text) => {
      await client.query(text);
    },
  });
  return {
    engine: "postgres",
    ...on(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      // While a connection is checked out the pool no longer listens for its errors, and `pg` emits
      // one whenever the server ends the connection (a restart, `pg_terminate_backend`), even when a
      // statement was running and fails too: without this listener Node would end the process. The
      // transaction's statements fail on their own; the dead connection is dropped at release.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost ??= error;
      };
      client.on("error", onLost);
      try {
        await client.query("begin");
        const result = await work(on(client));
        await client.query("commit");
        return result;
      } catch (error) {
        if (!lost) await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.off("error", onLost);
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}
