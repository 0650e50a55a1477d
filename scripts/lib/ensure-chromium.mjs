// Browser tests use Debian's Chromium (browser downloads are not possible here). Install it with
// apt-get when missing and running as root; otherwise say how.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(chromiumPath())) return { ok: true };
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    return {
      ok: false,
      message:
        `Chromium is not installed at ${chromiumPath()}. Install it with:\n` +
        "  sudo apt-get update && sudo apt-get install -y chromium\n" +
        "or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    };
  }
  console.log("Chromium is missing: installing Debian's chromium with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update"],
    ["install", "-y", "--no-install-recommends", "chromium", "fonts-liberation"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      return { ok: false, message: `apt-get ${args.join(" ")} failed (exit ${result.status}).` };
    }
  }
  return existsSync(chromiumPath())
    ? { ok: true }
    : { ok: false, message: `apt-get finished but ${chromiumPath()} is still missing.` };
}
