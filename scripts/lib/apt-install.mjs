// The tools the tests and the bench take from Debian (Chromium, poppler-utils, HAProxy, openssl) are
// installed with apt-get when missing and running as root, as on a fresh CI machine; otherwise the
// answer says which command to run.
import { spawnSync } from "node:child_process";

/** Install Debian `packages`, `why` saying what is missing: `{ ok: true }` or why not. */
export function aptInstall(packages, why) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    return {
      ok: false,
      message:
        `${why} Install it with:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`,
    };
  }
  console.log(`${why} Installing Debian's ${packages.join(", ")} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...packages]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      return { ok: false, message: `apt-get ${args.join(" ")} failed (exit ${result.status}).` };
    }
  }
  return { ok: true };
}
