import type { Sql } from "../db/sql";

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
 * The rows of a query in batches, read through a server-side cursor (`declare … cursor`, `fetch`) in
 * one read-only transaction, on PostgreSQL and PGlite alike: the next batch is fetched only when the
 * consumer asks for it, so memory stays flat however many rows there are (a slow download holds the
 * cursor, not the rows). Stopping early (`break`, `return`) closes the cursor and ends the transaction.
 */
export function cursorBatches<Row extends object>(
  sql: Sql,
  text: string,
  params: ReadonlyArray<unknown> = [],
  batchSize = 1000,
): AsyncIterableIterator<ReadonlyArray<Row>> {
  let waiting: Deferred<IteratorResult<ReadonlyArray<Row>>> | null = null;
  let more: Deferred<boolean> | null = null;
  let running: Promise<void> | null = null;
  let finished = false;
  let failure: { error: unknown } | null = null;

  const run = () =>
    sql
      .transaction(async (tx) => {
        await tx.query("set transaction read only");
        await tx.query(`declare finance_rows no scroll cursor for ${text}`, params);
        for (;;) {
          const rows = await tx.query<Row>(`fetch forward ${batchSize} from finance_rows`);
          if (rows.length === 0) break;
          more = deferred<boolean>();
          waiting?.resolve({ value: rows, done: false });
          waiting = null;
          if (!(await more.promise)) break;
        }
        await tx.query("close finance_rows");
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

  const iterator: AsyncIterableIterator<ReadonlyArray<Row>> = {
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
