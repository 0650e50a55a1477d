// Bundles one of the benches' TypeScript modules (they call the workspace's adapters, which are
// TypeScript) into one ES module that Node runs, and imports it. The packages from node_modules stay
// external. Used by finance-bundle.mjs (issue 19) and reminders.mjs (issue 33).
import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** `bench/<entry>` bundled to `node_modules/.cache/<cache>/` and imported. */
export async function loadBenchLib(entry, cache) {
  // Inside the project, so the bundle's external packages resolve from its node_modules.
  const dir = path.join(benchDir, "..", "node_modules", ".cache", cache);
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `${path.basename(entry, ".ts")}.mjs`);
  await build({
    entryPoints: [path.join(benchDir, entry)],
    outfile: out,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    external: [
      "pg",
      "effect",
      "fflate",
      "@electric-sql/pglite",
      "jose",
      "nodemailer",
      "stripe",
      "qrcode",
    ],
    logLevel: "error",
  });
  return import(pathToFileURL(out).href);
}
