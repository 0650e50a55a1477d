import { PGlite, types } from "@electric-sql/pglite";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
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

/** The installed PGlite's version (its package.json, found from its entry point). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
    if (pkg.name === "@electric-sql/pglite" && pkg.version) return pkg.version;
  }
  return "unknown";
}

/** Where new clusters' files are kept: the temporary folder, one folder per machine user. */
const keptFolder = () => path.join(tmpdir(), `portal-pglite-${process.getuid?.() ?? "user"}`);

/**
 * A new cluster's files, as PGlite's initdb leaves them. Making a cluster is most of a new embedded
 * database's start (seconds of WebAssembly); loading these files is a tenth of it. Made once per
 * PGlite version and machine user, kept in the temporary folder, written whole or not at all; a
 * new database (`npm start`'s first run, each test's portal) starts from a copy. Nothing of the
 * portal's is in it: migrations and the seed run on the copy as on a cluster made in place.
 */
async function newClusterFiles(): Promise<Blob | undefined> {
  const version = pgliteVersion();
  if (version === "unknown") return undefined;
  const folder = keptFolder();
  const file = path.join(folder, `cluster-${version}.tar`);
  try {
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const made = await PGlite.create();
    const files = await made.dumpDataDir("none");
    await made.close();
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await files.arrayBuffer()), { mode: 0o600 });
    renameSync(partial, file);
    return files;
  } catch {
    return undefined;
  }
}

/** A new cluster from the kept files, or made in place when they cannot be had or will not load. */
async function createCluster(folder: string | undefined): Promise<PGlite> {
  const files = await newClusterFiles();
  if (files) {
    try {
      return await PGlite.create(
        folder ? { dataDir: folder, loadDataDir: files, parsers } : { loadDataDir: files, parsers },
      );
    } catch {
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  }
  return PGlite.create(folder ? { dataDir: folder, parsers } : { parsers });
}

/**
 * A schema that every new database is brought to (the portal's migrations): `key` names it (a hash
 * of what `prepare` applies, so another schema is another key), `prepare` makes it on a new cluster.
 */
export interface PgliteSchema {
  readonly key: string;
  readonly prepare: (sql: Sql) => Promise<unknown>;
}

/**
 * Where a cluster brought to `schema` is kept, beside the new cluster's files: as a folder (copied
 * for a new database on disk: a plain file copy, several times faster than loading the files through
 * PGlite) and as PGlite's files (loaded for a new database in memory). Each is written whole or not
 * at all, by the first new database that needs it.
 */
const schemaKept = (schema: PgliteSchema) => {
  const base = path.join(keptFolder(), `schema-${pgliteVersion()}-${schema.key}`);
  return { folder: base, files: `${base}.tar` };
};

/** A new database from the kept schema, or undefined when none is kept (or it will not load). */
async function fromSchema(
  folder: string | undefined,
  kept: ReturnType<typeof schemaKept>,
): Promise<PGlite | undefined> {
  try {
    if (folder && existsSync(path.join(kept.folder, "PG_VERSION"))) {
      cpSync(kept.folder, folder, { recursive: true });
      return await PGlite.create({ dataDir: folder, parsers });
    }
    if (!existsSync(kept.files)) return undefined;
    const files = new Blob([readFileSync(kept.files)]);
    return await PGlite.create(
      folder ? { dataDir: folder, loadDataDir: files, parsers } : { loadDataDir: files, parsers },
    );
  } catch {
    if (folder) rmSync(folder, { recursive: true, force: true });
    return undefined;
  }
}

/** Keep `db`, just brought to its schema, in both forms (see schemaKept). */
async function keepSchema(db: PGlite, kept: ReturnType<typeof schemaKept>): Promise<void> {
  const partial = `.${process.pid}.partial`;
  try {
    const files = await db.dumpDataDir("none");
    mkdirSync(keptFolder(), { recursive: true, mode: 0o700 });
    writeFileSync(kept.files + partial, Buffer.from(await files.arrayBuffer()), { mode: 0o600 });
    renameSync(kept.files + partial, kept.files);
    const copy = await PGlite.create({ dataDir: kept.folder + partial, loadDataDir: files });
    await copy.close();
    renameSync(kept.folder + partial, kept.folder);
  } catch {
    // Only a saving at start-up (or another process kept it first): the next new database prepares
    // its schema again.
    rmSync(kept.files + partial, { force: true });
    rmSync(kept.folder + partial, { recursive: true, force: true });
  }
}

const on = (client: Pick<PGlite, "query" | "exec">): SqlQuery => ({
  query: async <Row extends object>(text: string, params: ReadonlyArray<unknown> = []) =>
    (await client.query<Row>(text, params as unknown[])).rows,
  exec: async (text) => {
    await client.exec(text);
  },
});

const asSql = (db: PGlite, unlock: () => void): Sql => ({
  engine: "pglite",
  ...on(db),
  transaction: (work) => db.transaction((tx) => work(on(tx))),
  close: async () => {
    await db.close();
    unlock();
  },
});

/**
 * PostgreSQL in WebAssembly, in-process. `folder` keeps the data on disk (guarded by a lock file);
 * without it the database lives in memory (tests). A new database starts from a kept copy of a new
 * cluster's files; with `schema`, from a kept copy of one already brought to that schema (made by the
 * first new database that needs it): most of a new database's start is making the cluster and
 * running the migrations, and each test's portal and database is a new one.
 */
export async function openPglite(folder?: string, schema?: PgliteSchema): Promise<Sql> {
  let unlock = () => {};
  if (folder) {
    mkdirSync(path.dirname(folder), { recursive: true });
    unlock = lockFolder(folder);
  }
  try {
    if (folder !== undefined && existsSync(folder)) {
      return asSql(await PGlite.create({ dataDir: folder, parsers }), unlock);
    }
    // Without a version to name the kept cluster by, nothing is kept (as for a new cluster's files).
    if (!schema || pgliteVersion() === "unknown") return asSql(await createCluster(folder), unlock);
    const kept = schemaKept(schema);
    const ready = await fromSchema(folder, kept);
    if (ready) return asSql(ready, unlock);
    const db = await createCluster(folder);
    await schema.prepare(asSql(db, () => {})).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    await keepSchema(db, kept);
    return asSql(db, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}
