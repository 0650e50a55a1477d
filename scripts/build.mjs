// `npm run build`: astro build, the web server and services bundles, then record which sources the
// build came from.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import esbuild from "esbuild";
import { sourceFingerprint, writeBuildStamp } from "./lib/build-stamp.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every package the workspaces depend on, except the workspaces themselves. */
function installedPackages() {
  const names = new Set();
  for (const dir of [".", "packages/domain", "packages/adapters", "packages/standins"]) {
    const manifest = JSON.parse(readFileSync(path.join(root, dir, "package.json"), "utf8"));
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (!name.startsWith("@portal/")) names.add(name);
    }
  }
  return [...names];
}

/** esbuild's options for a Node bundle of `entry` (under src/server/) written to `outfile`. */
const nodeBundleOptions = (entry, outfile) => ({
  entryPoints: [path.join(root, "src", "server", ...entry.split("/"))],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  logLevel: "warning",
  external: installedPackages(),
});

/** esbuild's options for the services bundle written to `outfile`. */
const servicesOptions = (outfile) => nodeBundleOptions("api/node.ts", outfile);

/**
 * Two Node modules beside Astro's: the web server (src/server/http/serve.ts, dist/server/serve.mjs,
 * the process's entry) and the service calls (dist/server/services.mjs), which the web server loads
 * and calls directly, outside Astro's request pipeline. The workspace packages (TypeScript source) are
 * bundled; installed packages stay imports.
 */
function bundleServer() {
  const dir = path.join(root, "dist", "server");
  try {
    esbuild.buildSync(servicesOptions(path.join(dir, "services.mjs")));
    esbuild.buildSync(nodeBundleOptions("http/serve.ts", path.join(dir, "serve.mjs")));
    return true;
  } catch (error) {
    console.error(
      `[build] bundling the server failed: ${error instanceof Error ? error.message : error}`,
    );
    return false;
  }
}

/**
 * The services bundled as a variant, to `outfile` with esbuild `plugins`: for tests only
 * (tests/integration/fund-registry.test.ts bundles them with a fixture fund in the registry).
 */
export const bundleServicesVariant = ({ outfile, plugins }) =>
  esbuild.build({ ...servicesOptions(outfile), plugins });

export function build() {
  const fingerprint = sourceFingerprint(root);
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "astro", "bin", "astro.mjs"), "build"],
    { cwd: root, stdio: "inherit", env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" } },
  );
  if (result.status !== 0) return false;
  if (!bundleServer()) return false;
  writeBuildStamp(root, fingerprint);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(build() ? 0 : 1);
}
