import type { Sql, SqlQuery } from "../db/sql";

interface Deferred<T> {
  readonly promise: Promise<T>;
  readonly resolve: (value: T) => void;
  readonly reject: (error: unknown) => void;
}
const deferred = <T>(): Deferred<T> => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
};

/**
 * What `read` yields, made in one read-only transaction that sees one snapshot of the database from
 * its first statement to its last (`repeatable read`), on PostgreSQL and PGlite alike, without
 * parallel workers. Pulled: `read`
 * goes on only when the consumer asks for the next value, so a slow consumer holds the transaction,
 * never the rows. Stopping early (`break`, `return`) ends `read` and the transaction.
 */
export function snapshotReads<T>(
  sql: Sql,
  read: (tx: SqlQuery) => AsyncIterable<T>,
): AsyncIterableIterator<T> {
  let waiting: Deferred<IteratorResult<T>> | null = null;
  let more: Deferred<boolean> | null = null;
  let running: Promise<void> | null = null;
  let finished = false;
  let failure: { error: unknown } | null = null;

  const run = () =>
    sql
      .transaction(async (tx) => {
        await tx.query("set transaction isolation level repeatable read, read only");
        // The reads are batches of a few thousand rows on an index: PostgreSQL's generic plan for a
        // prepared batch started two parallel workers each time (two processes per batch, and twice
        // the wall time on a busy machine; bench/README.md). PGlite has no parallel workers.
        if (sql.engine === "postgres")
          await tx.query("set local max_parallel_workers_per_gather = 0");
        const values = read(tx)[Symbol.asyncIterator]();
        try {
          for (;;) {
            const next = await values.next();
            if (next.done) break;
            more = deferred<boolean>();
            waiting?.resolve({ value: next.value, done: false });
            waiting = null;
            if (!(await more.promise)) break;
          }
        } finally {
          await values.return?.();
        }
      })
      .then(
        () => {
          finished = true;
          waiting?.resolve({ value: undefined, done: true });
        },
        (error: unknown) => {
          finished = true;
          failure = { error };
          waiting?.reject(error);
        },
      );

  const iterator: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    next: () => {
      if (failure) return Promise.reject(failure.error);
      if (finished) return Promise.resolve({ value: undefined, done: true });
      waiting = deferred();
      const answer = waiting.promise;
      if (!running) running = run();
      else more?.resolve(true);
      return answer;
    },
    return: async () => {
      if (running && !finished) {
        more?.resolve(false);
        await running;
      }
      finished = true;
      return { value: undefined, done: true };
    },
  };
  return iterator;
}

/**
 * The rows of a query in batches, read through a server-side cursor (`declare … cursor`, `fetch`) in
 * one read-only transaction (`snapshotReads`): memory stays flat however many rows there are.
 */
export function cursorBatches<Row extends object>(
  sql: Sql,
  text: string,
  params: ReadonlyArray<unknown> = [],
  batchSize = 1000,
): AsyncIterableIterator<ReadonlyArray<Row>> {
  return snapshotReads(sql, async function* (tx) {
    await tx.query(`declare finance_rows no scroll cursor for ${text}`, params);
    for (;;) {
      const rows = await tx.query<Row>(`fetch forward ${batchSize} from finance_rows`);
      if (rows.length === 0) break;
      yield rows;
    }
    await tx.query("close finance_rows");
  });
}

/**
 * The rows of an ordered query in batches by keyset (seek) pagination, in one snapshot
 * (`snapshotReads`): `batch(tx, after)` reads the next at most `size` rows after the key of the last
 * row read (`undefined` at first), in the order of an index that matches its `order by` exactly, so
 * each batch starts at the right index entry, nothing is sorted and no batch re-reads what an
 * earlier one read. Ends at the first batch shorter than `size`.
 */
export function keysetBatches<Row, Key>(
  sql: Sql,
  size: number,
  batch: (tx: SqlQuery, after: Key | undefined) => Promise<ReadonlyArray<Row>>,
  keyOf: (row: Row) => Key,
): AsyncIterableIterator<ReadonlyArray<Row>> {
  return snapshotReads(sql, (tx) => keysetIn(tx, size, batch, keyOf));
}

/** `keysetBatches` inside a transaction already open. */
export async function* keysetIn<Row, Key>(
  tx: SqlQuery,
  size: number,
  batch: (tx: SqlQuery, after: Key | undefined) => Promise<ReadonlyArray<Row>>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<ReadonlyArray<Row>> {
  let after: Key | undefined;
  for (;;) {
    const rows = await batch(tx, after);
    const last = rows.length < size ? undefined : keyOf(rows[rows.length - 1]!);
    // (The key is taken before the rows are handed on: the reader may let them go as it reads.)
    if (rows.length > 0) yield rows;
    if (last === undefined) return;
    after = last;
  }
}
