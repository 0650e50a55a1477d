// Bundles bench/finance-lib.ts (TypeScript adapters) into one module that Node runs; packages from
// node_modules stay external. Used by finance-seed.mjs and finance-bench.mjs.
import { build } from "esbuild";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export async function loadFinanceLib() {
  // Inside the project, so the bundle's external packages resolve from its node_modules.
  const dir = path.join(here, "..", "node_modules", ".cache", "finance-bench");
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, "finance-lib.mjs");
  await build({
    entryPoints: [path.join(here, "finance-lib.ts")],
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
