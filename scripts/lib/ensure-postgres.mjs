// Integration tests run on PGlite always and on a PostgreSQL server too. This finds one: the
// TEST_DATABASE_URL given, or the local server on 127.0.0.1:5432 (started with pg_ctlcluster when it is
// installed but stopped and we are root). Without one, the PostgreSQL half is reported as not run.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import net from "node:net";

const reachable = (host, port) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });

/** A connection string for tests, or undefined with the reason. */
export async function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL };
  const url = "postgres://postgres@127.0.0.1:5432/postgres";
  if (await reachable("127.0.0.1", 5432)) return { url };
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/etc/postgresql")) {
    for (const version of readdirSync("/etc/postgresql")) {
      spawnSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"], {
        stdio: "inherit",
      });
    }
    for (let i = 0; i < 20; i++) {
      if (await reachable("127.0.0.1", 5432)) return { url };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return { reason: "no PostgreSQL server on 127.0.0.1:5432 and TEST_DATABASE_URL is not set" };
}
