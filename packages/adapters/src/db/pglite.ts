import { PGlite, types } from "@electric-sql/pglite";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import type { Sql, SqlQuery } from "./sql";

/** Thrown when another live process holds the data folder: PGlite has no cross-process locking. */
export class DataFolderBusy extends Error {
  readonly code = "db.dataFolderBusy";
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The database folder ${folder} is in use by process ${pid}; one process per data folder.`,
    );
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Take `<folder>.lock` for this process, clearing one left by a dead process. */
function lockFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(lockFile, "utf8"));
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataFolderBusy(folder, pid);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not lock ${folder}`);
}

const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * PostgreSQL in WebAssembly, in-process. `folder` keeps the data on disk (guarded by a lock file);
 * without it the database lives in memory (tests).
 */
export async function openPglite(folder?: string): Promise<Sql> {
  let unlock = () => {};
  if (folder) {
    mkdirSync(path.dirname(folder), { recursive: true });
    unlock = lockFolder(folder);
  }
  let db: PGlite;
  try {
    db = await PGlite.create(folder ? { dataDir: folder, parsers } : { parsers });
  } catch (error) {
    unlock();
    throw error;
  }
  const on = (client: Pick<PGlite, "query" | "exec">): SqlQuery => ({
    query: async <Row extends object>(text: string, params: ReadonlyArray<unknown> = []) =>
      (await client.query<Row>(text, params as unknown[])).rows,
    exec: async (text) => {
      await client.exec(text);
    },
  });
  return {
    engine: "pglite",
    ...on(db),
    transaction: (work) => db.transaction((tx) => work(on(tx))),
    close: async () => {
      await db.close();
      unlock();
    },
  };
}
