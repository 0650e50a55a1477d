import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "./portal";

export interface RunningWeb {
  readonly child: ChildProcess;
  readonly base: string;
  readonly dataDir: string;
  readonly exited: Promise<number | null>;
  output(): string;
}

/**
 * The web server alone, as production runs it (`node dist/server/serve.mjs` behind a load balancer, no
 * embedded identity provider or Singpass stand-in), on 127.0.0.1:`port`. PGlite in a throwaway folder unless
 * `env` names a DATABASE_URL or a PORTAL_DATA_DIR. Resolves once `/api/health` answers 200.
 */
export async function startWeb(
  port: number,
  env: Record<string, string> = {},
): Promise<RunningWeb> {
  const dataDir = env["PORTAL_DATA_DIR"] ?? mkdtempSync(path.join(tmpdir(), "portal-web-"));
  const child = spawn(process.execPath, [path.join(root, "dist/server/serve.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PORTAL_DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    const healthy = await fetch(`${base}/api/health`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    if (child.exitCode !== null || Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`the web server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, dataDir, exited, output: () => output };
}

/** Stop a web server started by `startWeb` and wait for it to exit. */
export async function stopWeb(web: RunningWeb | undefined): Promise<void> {
  if (!web || web.child.exitCode !== null) return;
  web.child.kill("SIGTERM");
  await web.exited;
}
