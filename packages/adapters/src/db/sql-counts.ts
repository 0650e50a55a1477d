import type { Sql, SqlQuery } from "./sql";

/**
 * What one stretch of work asked of the database, for the bench's profile (bench/profile.mjs): its
 * statements, the round trips they took (each statement one; a transaction also its `begin` and its
 * `commit` or `rollback`), and its commits (a transaction, or a statement outside one that writes:
 * each makes the server flush its log).
 */
export interface SqlCounts {
  readonly statements: number;
  readonly roundTrips: number;
  readonly commits: number;
  /** Each statement by its first 90 characters (spaces folded), in the order first seen. */
  readonly byStatement: Readonly<Record<string, number>>;
}

export interface CountedSql extends Sql {
  /** The counts since the last call (or since the database was opened), and start again from zero. */
  readonly takeCounts: () => SqlCounts;
}

const writes = /\b(insert|update|delete)\b/i;
const label = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 90);

/**
 * `sql` counting what is asked of it. Bench and profile only: the portal wraps its database in this
 * only when test control is on (PORTAL_TEST_CONTROL_TOKEN), and never in production.
 */
export function countingSql(sql: Sql): CountedSql {
  let counts = {
    statements: 0,
    roundTrips: 0,
    commits: 0,
    byStatement: {} as Record<string, number>,
  };
  const note = (text: string, inTransaction: boolean) => {
    counts.statements++;
    counts.roundTrips++;
    if (!inTransaction && writes.test(text)) counts.commits++;
    const key = label(text);
    counts.byStatement[key] = (counts.byStatement[key] ?? 0) + 1;
  };
  const on = (q: SqlQuery, inTransaction: boolean): SqlQuery => ({
    query: (text, params) => {
      note(text, inTransaction);
      return q.query(text, params);
    },
    exec: (text) => {
      note(text, inTransaction);
      return q.exec(text);
    },
  });
  return {
    ...on(sql, false),
    engine: sql.engine,
    transaction: async (work) => {
      counts.roundTrips += 2;
      const result = await sql.transaction((tx) => work(on(tx, true)));
      counts.commits++;
      return result;
    },
    close: sql.close,
    takeCounts: () => {
      const taken = counts;
      counts = { statements: 0, roundTrips: 0, commits: 0, byStatement: {} };
      return taken;
    },
  };
}
