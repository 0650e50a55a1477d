import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export interface RunningPortal {
  readonly child: ChildProcess;
  readonly port: number;
  readonly dataDir: string;
  readonly base: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Every launcher started here and not yet exited. When this process exits, whatever ended its tests
 * (a file that timed out while its portal was being started again holds no reference to the new one),
 * each still running is told to stop (SIGINT: it stops the services it started), so no portal is left
 * listening on a port the next run of the file needs.
 */
const launched = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of launched) if (child.exitCode === null) child.kill("SIGINT");
});

/** Start the real launcher (`npm start`'s script) on its own port and data folder. */
export async function startPortal(
  port: number,
  dataDir = mkdtempSync(path.join(tmpdir(), "portal-")),
  env: Record<string, string> = {},
) {
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      // The launcher's own modules from Node's compile cache too (it gives its services the same).
      NODE_COMPILE_CACHE: path.join(root, "node_modules", ".cache", "node-compile"),
      PORT: String(port),
      PORTAL_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  launched.add(child);
  child.once("exit", () => launched.delete(child));
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const until = Date.now() + 120_000;
  while (!output.includes("Ctrl-C stops everything")) {
    if (child.exitCode !== null || Date.now() > until) {
      // A launcher that is still starting holds its port and data folder: stop it (and the services
      // it started) so that the next run of the file does not meet it.
      if (child.exitCode === null) {
        child.kill("SIGINT");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      throw new Error(`the portal did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const portal: RunningPortal = {
    child,
    port,
    dataDir,
    base: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async (signal = "SIGINT") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  return portal;
}

/** A guest session from the portal, as the `cookie` header that carries it. */
export async function guestCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/svc/main/v1/session/guest`, { method: "POST" });
  const cookie = response.headers.get("set-cookie") ?? "";
  if (response.status !== 200 || !cookie.startsWith("portal_session=")) {
    throw new Error(`no guest session: ${response.status} ${await response.text()}`);
  }
  return cookie.split(";")[0] ?? "";
}

/** A portal call's answer: its HTTP status and JSON body. */
export interface Reply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** A JSON call to a running portal: POST with a JSON body, or GET without one. */
export async function callPortal(
  base: string,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
  method: "GET" | "POST" = "POST",
): Promise<Reply> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    ...(method === "GET" ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A signed-in donor's `authorization` header, from the identity provider's ID token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `callPortal` on a portal a `beforeAll` starts: POST by default, headers such as `bearer(token)`. */
export const callerOf =
  (portal: () => RunningPortal) =>
  (
    path: string,
    body: unknown = {},
    headers: Record<string, string> = {},
    method: "GET" | "POST" = "POST",
  ): Promise<Reply> =>
    callPortal(portal().base, path, body, headers, method);
