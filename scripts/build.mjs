// `npm run build`: astro build, then record which sources the build came from.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sourceFingerprint, writeBuildStamp } from "./lib/build-stamp.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function build() {
  const fingerprint = sourceFingerprint(root);
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "astro", "bin", "astro.mjs"), "build"],
    { cwd: root, stdio: "inherit", env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" } },
  );
  if (result.status !== 0) return false;
  writeBuildStamp(root, fingerprint);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(build() ? 0 : 1);
}
